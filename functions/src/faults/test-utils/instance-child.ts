// One "instance" of the multi-instance test: a long-lived process with its own LRU cache that
// runs the calls the parent sends it (one JSON line each on stdin) against the shared Firestore
// emulator, and answers each with one JSON line on stdout. Calls run concurrently, as on a
// Cloud Functions instance with concurrency. Run with Node's type stripping and the kit's
// ts-resolve-hook.mjs. Usage: instance-child <host> <projectId> <prefix>

import { createInterface } from 'node:readline';
import { isKitError } from '@callable-flows/kit/errors/index.js';
import { emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { instanceAgent } from './instance-agent.js';

/** One call from the parent: a turn (`input`), or a stop (`stop`); `queue` picks the agent that queues. */
interface InstanceCall {
  id: number;
  sessionId?: string;
  input?: { message: string } | { resume: Record<string, unknown> };
  stop?: true;
  queue?: true;
  requestId?: string;
}

const [host, projectId, prefix] = process.argv.slice(2) as [string, string, string];
const firestore = emulatorFirestore(host, projectId);
const agents = { reject: instanceAgent(firestore, prefix), queue: instanceAgent(firestore, prefix, 'queue') };
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const call = JSON.parse(line) as InstanceCall;
  const ctx = { uid: 'alice', ...(call.requestId ? { requestId: call.requestId } : {}) };
  const agent = call.queue ? agents.queue : agents.reject;
  const answer: Promise<unknown> = call.stop
    ? agent.stop(call.sessionId as string, ctx)
    : agent.send(call.sessionId, call.input as never, ctx);
  answer
    .then((result) => process.stdout.write(`${JSON.stringify({ id: call.id, result })}\n`))
    .catch((error: unknown) => {
      const failure = isKitError(error)
        ? { code: error.code, reason: error.reason, details: error.details }
        : { code: 'unknown', message: String(error) };
      process.stdout.write(`${JSON.stringify({ id: call.id, error: failure })}\n`);
    });
});
process.stdout.write('READY\n');

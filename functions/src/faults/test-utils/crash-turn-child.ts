// The child of the crash tests: runs one call against the Firestore emulator and hangs at the
// crash point named on the command line, after printing `AT <point>`, until it is killed. Run with
// Node's type stripping and the kit's ts-resolve-hook.mjs (see crash-child-process.ts).
// Usage: crash-turn-child <host> <projectId> <prefix> <point> <call as JSON: {sessionId?, input, requestId?}> [turn|sub-agent]

import { emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import type { CrashChildKind } from './crash-child-process.js';
import { type CrashCall, type CrashPoint, crashAgent } from './crash-turn.js';
import { type SubAgentPoint, subAgentCrashShop } from './sub-agent-crash.js';

const [host, projectId, prefix, point, json, kind = 'turn'] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  CrashChildKind?,
];
const call = JSON.parse(json) as CrashCall;
const options = {
  firestore: emulatorFirestore(host, projectId),
  prefix,
  onPoint: (here: string) => {
    process.stdout.write(`AT ${here}\n`);
    // Hang here, alive (a bare pending promise would let Node exit), until the parent kills us.
    setInterval(() => undefined, 60_000);
    return new Promise<never>(() => undefined);
  },
};
const agent =
  kind === 'sub-agent'
    ? subAgentCrashShop({ ...options, point: point as SubAgentPoint })
    : crashAgent({ ...options, point: point as CrashPoint });
await agent.send(call.sessionId, call.input, { uid: 'u1', ...(call.requestId ? { requestId: call.requestId } : {}) });
process.stdout.write('FINISHED\n');
process.exit(0);

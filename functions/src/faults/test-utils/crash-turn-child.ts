// The child of the crash-point test: runs one call against the Firestore emulator and hangs at
// the crash point named on the command line, after printing `AT <point>`, until it is killed.
// Run with Node's type stripping and the kit's ts-resolve-hook.mjs (see crash-points.test.ts).
// Usage: crash-turn-child <host> <projectId> <prefix> <point> <call as JSON: {sessionId?, input, requestId?}>

import { emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import { type CrashCall, type CrashPoint, crashAgent } from './crash-turn.js';

const [host, projectId, prefix, point, json] = process.argv.slice(2) as [string, string, string, CrashPoint, string];
const call = JSON.parse(json) as CrashCall;
const agent = crashAgent({
  firestore: emulatorFirestore(host, projectId),
  prefix,
  point,
  onPoint: (here) => {
    process.stdout.write(`AT ${here}\n`);
    // Hang here, alive (a bare pending promise would let Node exit), until the parent kills us.
    setInterval(() => undefined, 60_000);
    return new Promise(() => undefined);
  },
});
await agent.send(call.sessionId, call.input, { uid: 'u1', ...(call.requestId ? { requestId: call.requestId } : {}) });
process.stdout.write('FINISHED\n');
process.exit(0);

// The child of the sub-agent crash test: runs the parent's first call against the Firestore
// emulator and hangs at the crash point named on the command line, after printing `AT <point>`,
// until it is killed. Run with Node's type stripping and the kit's ts-resolve-hook.mjs.
// Usage: sub-agent-crash-child <host> <projectId> <prefix> <point> <call as JSON: {sessionId, input, requestId}>

import { emulatorFirestore } from '@callable-flows/kit/session/test-utils/emulator-firestore.js';
import type { CrashCall } from './crash-turn.js';
import { type SubAgentPoint, subAgentCrashShop } from './sub-agent-crash.js';

const [host, projectId, prefix, point, json] = process.argv.slice(2) as [string, string, string, SubAgentPoint, string];
const call = JSON.parse(json) as CrashCall;
const shop = subAgentCrashShop({
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
await shop.send(call.sessionId, call.input, { uid: 'u1', ...(call.requestId ? { requestId: call.requestId } : {}) });
process.stdout.write('FINISHED\n');
process.exit(0);

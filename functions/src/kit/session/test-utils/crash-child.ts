// The child of the SIGKILL test: runs one turn against the Firestore emulator and hangs at the
// kill point named on the command line, after printing `AT <point>`, until the parent kills it.
// Run with Node's type stripping and ts-resolve-hook.mjs (see crash-kill.test.ts).

import { CRASH_MESSAGE, crashAgent, type KillPoint } from './crash-scenario.js';
import { emulatorFirestore } from './emulator-firestore.js';

const [host, projectId, prefix, point] = process.argv.slice(2) as [string, string, string, KillPoint];
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
await agent.send(undefined, { message: CRASH_MESSAGE }, { uid: 'u1', requestId: 'kill-1' });
process.stdout.write('FINISHED\n');
process.exit(0);

import { startFirestoreEmulator } from '../test-utils/firestore-emulator.js';
import { toMarkdown } from './bench-table.js';
import { runSessionBench } from './session-bench.js';

const emulator = await startFirestoreEmulator();
process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
try {
  console.log(toMarkdown(await runSessionBench()));
} finally {
  await emulator.stop();
}

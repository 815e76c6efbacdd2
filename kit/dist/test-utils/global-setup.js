import { canStartFirestoreEmulator, startFirestoreEmulator } from './firestore-emulator.js';
import { skipOrFail } from './strict-skips.js';
let emulator;
/**
 * Gives the test run a Firestore emulator: the one FIRESTORE_EMULATOR_HOST names, or one
 * started here (and stopped by PID at the end). Without the jar, Firestore tests skip loudly,
 * or (under CI=true or STRICT_SKIPS=1) the run fails here.
 */
export async function setup(project) {
    let host = process.env.FIRESTORE_EMULATOR_HOST ?? '';
    if (!host && canStartFirestoreEmulator()) {
        emulator = await startFirestoreEmulator();
        host = emulator.host;
        process.env.FIRESTORE_EMULATOR_HOST = host;
    }
    if (!host)
        skipOrFail('Firestore emulator tests', 'no FIRESTORE_EMULATOR_HOST and no emulator jar here');
    project.provide('firestoreEmulatorHost', host);
}
export async function teardown() {
    await emulator?.stop();
}
//# sourceMappingURL=global-setup.js.map
import type { TestProject } from 'vitest/node';
declare module 'vitest' {
    interface ProvidedContext {
        /** host:port of the Firestore emulator, or '' when none could run. */
        firestoreEmulatorHost: string;
    }
}
/**
 * Gives the test run a Firestore emulator: the one FIRESTORE_EMULATOR_HOST names, or one
 * started here (and stopped by PID at the end). Without the jar, Firestore tests skip loudly,
 * or (under CI=true or STRICT_SKIPS=1) the run fails here.
 */
export declare function setup(project: TestProject): Promise<void>;
export declare function teardown(): Promise<void>;

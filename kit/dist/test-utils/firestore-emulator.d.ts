/** Where Debian's google-cloud-cli-firestore-emulator package puts the emulator. */
export declare const FIRESTORE_EMULATOR_JAR: string;
/** A running Firestore emulator this process started. */
export interface FirestoreEmulator {
    host: string;
    pid: number;
    /** Stops it by its PID and waits for it to exit. */
    stop(): Promise<void>;
}
/** A free loopback port. */
export declare function freePort(): Promise<number>;
/** True when the emulator jar and a Java runtime are here. */
export declare function canStartFirestoreEmulator(): boolean;
/**
 * Starts Google's Firestore emulator (the jar, run by java directly so that the PID we hold is
 * the emulator's) on `port` or a free loopback port, and waits until it serves.
 */
export declare function startFirestoreEmulator(port?: number): Promise<FirestoreEmulator>;
/** Deletes every document of `projectId` in the emulator at `host`. */
export declare function clearFirestoreEmulator(host: string, projectId: string): Promise<void>;

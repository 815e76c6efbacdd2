/**
 * host:port of the test run's Firestore emulator, or undefined (tests that need it skip loudly;
 * under CI=true or STRICT_SKIPS=1 there is no skipping: this throws, and the file fails).
 */
export declare function firestoreEmulatorHost(): string | undefined;

import { inject } from 'vitest';
import { skipsFail } from './strict-skips.js';
/**
 * host:port of the test run's Firestore emulator, or undefined (tests that need it skip loudly;
 * under CI=true or STRICT_SKIPS=1 there is no skipping: this throws, and the file fails).
 */
export function firestoreEmulatorHost() {
    const host = inject('firestoreEmulatorHost');
    if (!host && skipsFail())
        throw new Error('no Firestore emulator, and a skip is a failure under CI=true or STRICT_SKIPS=1');
    if (host)
        process.env.FIRESTORE_EMULATOR_HOST = host;
    return host || undefined;
}
//# sourceMappingURL=firestore.js.map
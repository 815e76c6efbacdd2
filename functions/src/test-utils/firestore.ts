import { inject } from 'vitest';

/** host:port of the test run's Firestore emulator, or undefined (tests that need it skip loudly). */
export function firestoreEmulatorHost(): string | undefined {
  const host = inject('firestoreEmulatorHost');
  if (host) process.env.FIRESTORE_EMULATOR_HOST = host;
  return host || undefined;
}

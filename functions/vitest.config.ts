import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The kit's: a Firestore emulator for the run, stopped by PID at the end.
    globalSetup: [fileURLToPath(import.meta.resolve('@callable-flows/kit/test-utils/global-setup.js'))],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

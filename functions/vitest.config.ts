import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The wire corpus is recorded on purpose only (a wire change that bumps the protocol version):
    // the recording is not a test of the suite, so it is not collected unless asked for.
    exclude: process.env.RECORD_WIRE_CORPUS === '1' ? [] : ['src/**/*.record.test.ts'],
    // The kit's: a Firestore emulator for the run, stopped by PID at the end.
    globalSetup: [fileURLToPath(import.meta.resolve('@callable-flows/kit/test-utils/global-setup.js'))],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Tests only: bench/*.bench.ts (the timings of `npm run bench -- web`) are not tests, and never run here.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Installs Chromium when it is missing and says whether the browser tests can run.
    globalSetup: ['test/global-setup.ts'],
    // The browser suite starts its own emulators and dev server: one file at a time.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});

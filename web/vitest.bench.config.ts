import { defineConfig } from 'vitest/config';

// `npm run bench -- web` (scripts/bench.sh runs it): the timings harness, apart from the tests.
export default defineConfig({
  test: {
    include: ['bench/**/*.bench.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});

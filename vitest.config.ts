import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Tests start real servers on random ports; two workers match the machine's two cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});

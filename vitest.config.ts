import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Tests start real servers on random ports; two workers match the machine's two cores.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.ts'], exclude: ['test/console/**', '**/node_modules/**'], sequence: { groupOrder: 0 } },
      },
      {
        // The web console in Chromium (a gateway and a browser per file) runs after the rest, so
        // it does not starve the timing-sensitive server tests of the two cores.
        extends: true,
        // A journey takes seconds (more on a loaded machine); starting a gateway, a browser and a few
        // accounts through the operator CLI too.
        test: { name: 'browser', include: ['test/console/**/*.test.ts'], sequence: { groupOrder: 1 }, testTimeout: 60_000, hookTimeout: 90_000 },
      },
    ],
  },
});

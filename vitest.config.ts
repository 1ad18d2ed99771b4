import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './vitest.sequencer.ts';

const apiProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    root: './apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude,
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup-console.ts'],
    testTimeout: 30_000,
    // Files of one worker share its imported modules: each file builds its own app on its own
    // database, and loading the server's modules once per worker instead of once per file saves
    // most of the suite's import time (228 → 31 s summed).
    isolate: false,
    hookTimeout: 60_000,
    env,
  },
});

/**
 * Every API file runs on PGlite, the embedded database `npm start` uses, and, when the machine has
 * PostgreSQL (TEST_DATABASE_URL, as CI does), every database-bound file runs on PostgreSQL too: a shop runs
 * on either (decision 0015, addendum of issue 42). The files below are not database-bound: their subject
 * sits above the database or beside it (the HTTP edge, pure helpers, the file storage drivers), so a second
 * run on another engine would test the same code twice; they run on PGlite only. Files whose subject exists
 * on one engine only skip themselves on the other (`describe.skipIf(testDbKind() === …)`: backups, the data
 * directory, outages of a PostgreSQL server).
 */
const NOT_DATABASE_BOUND = [
  'src/config/env.test.ts',
  'src/config/runtime.test.ts',
  'src/shared/errors.test.ts',
  'src/shared/http-cache.test.ts',
  'src/shared/http-client.test.ts',
  'src/shared/log-redaction.test.ts',
  'src/shared/jobs/backoff.test.ts',
  'src/shared/storage/storage.contract.test.ts',
  'src/db/seed-data.test.ts',
  'src/modules/chat/chat.engine.test.ts',
  'src/modules/chat/chat.text.test.ts',
  'src/modules/uploads/uploads.file-name.test.ts',
  'src/modules/recharge/recharge.exports.test.ts',
  'src/modules/webhooks/webhook-target.test.ts',
  'src/plugins/public-routes.test.ts',
  'src/plugins/security.test.ts',
  'src/plugins/spa.test.ts',
  'test/reliability/edge-connections.test.ts',
  'test/reliability/hostile-input.test.ts',
  'test/scratch.test.ts',
];
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker. Three on two cores: the API files often wait on timers
    // and the database, so a third file keeps the cores busy while two wait (each file has its own database,
    // so they never meet). Two workers left the cores 30-40 % idle once the browser files were done
    // (npm test 678 s with two, 637 s with three, same checkout; docs/benchmarks.md). Four since the
    // customers and WhatsApp files: three left the two cores about half idle (npm test's processes used
    // 13 CPU-minutes in 14.5 minutes) and took 763 s in a fresh clone. TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 4),
    // Longest files first, whatever their project (vitest.sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Pure functions: one worker for all the files instead of a new process for each.
          isolate: false,
        },
      },
      {
        // Pure web modules (no DOM): message mappings and the like.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        // The web app's components rendered in a simulated DOM (happy-dom) with Testing Library: forms, tables
        // and the chat's messages, their states and texts, without a server or a browser. The browser suite
        // keeps the journeys (decision 0023).
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web-dom',
          root: './apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup-dom.ts'],
          isolate: false,
        },
      },
      apiProject('api', { TEST_DB: 'pglite' }),
      // The database-bound files on PostgreSQL too, when the machine has one (CI does).
      ...(hasPostgres ? [apiProject('api-pg', { TEST_DB: 'postgres' }, NOT_DATABASE_BOUND)] : []),
      {
        test: {
          name: 'e2e',
          root: './apps/web',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./e2e/support/global-setup.ts'],
          // Safety nets, not measurements: three browser or API files share two cores (and, on this
          // machine, other engineers' runs).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // The browser files run up to three at a time, beside the API files (one pool of three workers):
          // each worker has its own shared server (support/global-setup.ts, sharedBaseUrl()), and every file
          // makes its own rows and accounts. A file that needed fileParallelism: false ran after all the
          // others, one at a time (docs/reliability.md, "The test suite's time").
          // What a page shows after a request may take seconds while the API tests run beside the browser.
          expect: { poll: { timeout: 10_000 } },
          // Tests of a concurrent suite (a page per test) at most three at a time.
          maxConcurrency: 3,
          // No second try: a test that fails once is a bug to fix, in the test or in the app.
          retry: 0,
        },
      },
    ],
  },
});

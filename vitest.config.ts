import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './vitest.sequencer.ts';

const apiProject = (name: string, env: Record<string, string>, include = ['src/**/*.test.ts', 'test/**/*.test.ts']) => ({
  test: {
    name,
    root: './apps/api',
    include,
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
 * With PostgreSQL there, every API file runs on it (the production database), and on PGlite (the embedded
 * default) only the files whose subject is where the two differ: the database layer (migrations, seed,
 * backup, outage), change notifications and the cache they empty, the jobs' queue, the compiled server's
 * start, and the races that PGlite's single connection serialises. Every page and form still runs on
 * PGlite through the browser suite's servers. Without PostgreSQL, every file runs on PGlite. (PostgreSQL
 * also runs the files two to three times faster than PGlite.)
 */
const PGLITE_TOO = [
  'src/db/**/*.test.ts',
  'src/compiled-server.test.ts',
  'src/app.test.ts',
  'src/plugins/events.test.ts',
  'src/plugins/public-cache.test.ts',
  'src/plugins/rate-limit.test.ts',
  'src/shared/jobs/**/*.test.ts',
  'src/modules/health/health.test.ts',
  'src/modules/webhooks/webhooks.durability.test.ts',
  'src/modules/webhooks/webhooks.usecases.test.ts',
  'src/modules/admin/admin.concurrency.test.ts',
  'src/modules/content/content.first-save.test.ts',
  'src/modules/catalog/download-codes.test.ts',
  'src/modules/catalog/app-files.test.ts',
  'src/modules/media/media.seed.test.ts',
  'test/project-env.test.ts',
];
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker. Three on two cores: the API files often wait on timers
    // and the database, so a third file keeps the cores busy while two wait (each file has its own database,
    // so they never meet). Two workers left the cores 30-40 % idle once the browser files were done
    // (npm test 678 s with two, 637 s with three, same checkout; docs/benchmarks.md).
    maxWorkers: 3,
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
      apiProject('api', { TEST_DB: 'pglite' }, hasPostgres ? PGLITE_TOO : undefined),
      // The same integration tests on PostgreSQL, when the machine has one (CI does).
      ...(hasPostgres ? [apiProject('api-pg', { TEST_DB: 'postgres' })] : []),
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

// buildTestApp(): the real app on a fresh test database, for inject()-based integration tests.
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { parseEnv, type Env } from '../src/config/env.ts';
import { seedDemoData } from '../src/db/seed.ts';
import { createTestDatabase, tempDir, type TestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  env: Env;
  close(): Promise<void>;
}

export function testEnv(overrides: Record<string, string | undefined> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: tempDir(),
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    // A password hash in 8 ms instead of 130: the suite hashes and checks some 500 passwords per database.
    PASSWORD_HASH_COST: '1024',
    WEB_DIST: '/nonexistent',
    // Tests write rows straight into the database and read them back at once; the public read cache
    // (emptied by change notifications, which arrive a moment later on PostgreSQL) is on only in its own tests.
    PUBLIC_CACHE: 'false',
    ...overrides,
  });
}

export async function buildTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string | undefined>;
    database?: TestDatabase;
    /** Background jobs stay queued unless a test asks for the runner. */
    jobs?: BuildAppOptions['jobs'];
    webhooks?: BuildAppOptions['webhooks'];
    outbound?: BuildAppOptions['outbound'];
    /** A clock the test moves (limits, links, retention) instead of sleeping. */
    clock?: BuildAppOptions['clock'];
    /** Housekeeping is queued at start only in its own tests: others count the rows of `jobs`. */
    housekeeping?: boolean;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  if (options.seed) await seedDemoData(database.db);
  const env = testEnv(options.env);
  const app = await buildApp({
    env,
    database,
    jobs: options.jobs ?? false,
    webhooks: options.webhooks,
    outbound: options.outbound,
    clock: options.clock,
    housekeeping: options.housekeeping ?? false,
  });
  await app.ready();
  return {
    app,
    database,
    env,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

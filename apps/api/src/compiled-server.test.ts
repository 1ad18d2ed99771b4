// The server as a production install runs it: bundled by `npm run build` (scripts/build-server.mjs; here this
// run's build, test/server-build.ts) and started by plain Node, without the TypeScript loader. The bundle finds
// the migrations beside the package and answers healthy on the test's database.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, tempDir, testDbKind, type TestDatabase } from '../test/database.ts';
import { builtEntry } from '../test/server-build.ts';
import { startServerProcess } from '../test/server-process.ts';

const cleanups: Array<() => Promise<void>> = [];

afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('the compiled server', () => {
  it('starts from its bundle with plain Node, migrates its database and answers healthy', { timeout: 300_000 }, async () => {
    let env: Record<string, string>;
    if (testDbKind() === 'postgres') {
      const database: TestDatabase = await createTestDatabase('postgres');
      cleanups.push(() => database.close());
      env = { DATABASE_URL: database.url! };
    } else {
      env = { DATA_DIR: tempDir() };
    }
    // A fresh PGlite directory is created, migrated and seeded first: minutes on a machine busy with other tests.
    const server = await startServerProcess(env, { startTimeoutMs: 240_000 });
    cleanups.push(() => server.kill());
    expect(server.child.spawnargs.slice(1)).toEqual([builtEntry('server')]);
    // NODE_ENV=production without PUBLIC_URL (test/server-process.ts): the mailed links would point at localhost.
    expect(server.logs()).toContain('PUBLIC_URL não definido: os links dos e-mails (cadastro, convite, nova senha) apontam para http://localhost');

    const address = /"address":"(http:\/\/[^"]+)"/.exec(server.logs())?.[1];
    expect(address).toBeDefined();
    const response = await fetch(`${address}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });

    expect(await server.stop()).toBe(0);
  });
});

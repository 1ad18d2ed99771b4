// The server as a production install runs it: bundled by `npm run build` (scripts/build-server.mjs) and
// started by plain Node, without the TypeScript loader. The bundle finds the migrations beside the
// package and answers healthy on the test's database.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, tempDir, testDbKind, type TestDatabase } from '../test/database.ts';
import { startServerProcess } from '../test/server-process.ts';
import { apiRoot } from './api-root.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// Its own folder (beside apps/api/dist, at the same depth): the api and api-pg runs never share a build.
const outdir = path.join(apiRoot, `dist-test-${randomBytes(4).toString('hex')}`);
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), '--outdir', outdir], { cwd: repoRoot });
}, 120_000);

afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
  fs.rmSync(outdir, { recursive: true, force: true });
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
    const server = await startServerProcess(env, { entry: path.join(outdir, 'server.mjs'), startTimeoutMs: 240_000 });
    cleanups.push(() => server.kill());
    expect(server.child.spawnargs).not.toContain('tsx');

    const address = /"address":"(http:\/\/[^"]+)"/.exec(server.logs())?.[1];
    expect(address).toBeDefined();
    const response = await fetch(`${address}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });

    expect(await server.stop()).toBe(0);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { testEnv } from '../../test/app.ts';
import { OUTAGE_CLEANUP_TIMEOUT_MS, runCleanups } from '../../test/cleanups.ts';
import { createTestDatabase, testDbKind } from '../../test/database.ts';
import { captureLogs, LOG_LEVELS } from '../../test/logs.ts';
import { startTcpProxy, throughProxy } from '../../test/tcp-proxy.ts';
import { buildApp } from '../app.ts';
import { ADMIN, adminEnv, sessionCookie, signIn } from '../modules/access/access.test-support.ts';
import { openDatabase } from './client.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(() => runCleanups(cleanups), OUTAGE_CLEANUP_TIMEOUT_MS);

const API_KEY = 'sk-test-0a1b2c3d4e5f6a7b8c9d';
const TRIED_PASSWORD = 'senha-tentada-durante-a-queda';

describe.skipIf(testDbKind() !== 'postgres')('the log of a PostgreSQL outage', () => {
  it('holds no session token, cookie, password or API key, and says the outage began and ended once, with the count', async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.close());
    const direct = new URL(database.url!);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    cleanups.push(() => proxy.close());
    const handle = await openDatabase({ databaseUrl: throughProxy(database.url!, proxy), poolSize: 4 });
    const logs = captureLogs();
    const app = await buildApp({ env: testEnv(adminEnv), database: handle, logger: logs.logger, jobs: { pollIntervalMs: 100 } });
    await app.ready();
    cleanups.push(async () => {
      await app.close();
      await handle.close();
    });

    const signedIn = await signIn(app, ADMIN.email, ADMIN.password);
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookie(signedIn);
    const cookieValue = cookie.slice(cookie.indexOf('=') + 1);
    const sessionToken = decodeURIComponent(cookieValue).split('.')[0]!;
    expect(sessionToken).toMatch(/^[A-Za-z0-9]{32}$/);

    const before = logs.entries().length;
    await proxy.cut();
    const requests = [
      () => app.inject({ method: 'GET', url: '/api/access/me', headers: { cookie } }),
      () => app.inject({ method: 'GET', url: '/api/plans', headers: { cookie } }),
      () => app.inject({ method: 'GET', url: '/api/plans', headers: { authorization: `Bearer ${API_KEY}`, 'x-api-key': API_KEY } }),
      () => signIn(app, ADMIN.email, ADMIN.password),
      () => signIn(app, ADMIN.email, TRIED_PASSWORD),
    ];
    const statuses: number[] = [];
    // Six rounds of five requests; between rounds the job runner fails to poll at least twice more.
    for (let round = 0; round < 6; round++) {
      for (const request of requests) statuses.push((await request()).statusCode);
      const polled = app.outage.failures.jobs;
      await expect.poll(() => app.outage.failures.jobs, { timeout: 10_000 }).toBeGreaterThanOrEqual(polled + 2);
    }
    expect(new Set(statuses)).toEqual(new Set([503]));
    expect(app.outage.isDown).toBe(true);

    await proxy.restore();
    await expect.poll(() => logs.withMessage('banco de dados de volta').length, { timeout: 15_000 }).toBe(1);
    expect((await signIn(app, ADMIN.email, ADMIN.password)).statusCode).toBe(200);

    const text = logs.text();
    for (const secret of [sessionToken, cookieValue, decodeURIComponent(cookieValue), ADMIN.password, TRIED_PASSWORD, API_KEY]) {
      expect(text).not.toContain(secret);
    }
    const during = logs.entries().slice(before);
    expect(logs.withMessage('banco de dados indisponível')).toEqual([
      expect.objectContaining({ level: LOG_LEVELS.warn, reason: expect.any(String), error: expect.any(String) }),
    ]);
    const ended = logs.withMessage('banco de dados de volta')[0]!;
    expect(ended).toMatchObject({ durationMs: expect.any(Number), failures: { requests: statuses.length } });
    expect(ended.failures).toMatchObject({ jobs: expect.any(Number), auth: expect.any(Number) });
    expect((ended.failures as { jobs: number }).jobs).toBeGreaterThanOrEqual(12);
    expect(ended.failed).toBeGreaterThanOrEqual(statuses.length + 12);
    // No flood: besides Fastify's access lines (one as a request comes in, one as it is answered),
    // at most a few lines for the whole outage, none of them an error or a stack.
    const other = during.filter((entry) => entry.msg !== 'incoming request' && entry.msg !== 'request completed');
    expect(other.length).toBeLessThanOrEqual(4);
    expect(during.filter((entry) => entry.level >= LOG_LEVELS.error)).toEqual([]);
    expect(during.filter((entry) => entry.level >= LOG_LEVELS.warn)).toHaveLength(1);
    expect(during.filter((entry) => /\n\s+at /.test(JSON.stringify(entry).replaceAll('\\n', '\n')))).toEqual([]);
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testEnv } from '../../test/app.ts';
import { OUTAGE_CLEANUP_TIMEOUT_MS, runCleanups } from '../../test/cleanups.ts';
import { createTestDatabase, testDbKind } from '../../test/database.ts';
import { captureLogs, type LogEntry } from '../../test/logs.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';
import { buildApp } from '../app.ts';
import { isDatabaseUnreachable } from '../shared/errors.ts';
import { openDatabase } from './client.ts';
import { createOutageMonitor } from './outage.ts';
import { plans } from './schema.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(() => runCleanups(cleanups), OUTAGE_CLEANUP_TIMEOUT_MS);

const isStackTrace = (entry: LogEntry) => entry.err !== undefined || /\n\s+at /.test(JSON.stringify(entry));

describe.skipIf(testDbKind() !== 'postgres')('a PostgreSQL outage', () => {
  it('is answered 503 in Portuguese with Retry-After, logged once as it starts and once as it ends, and recovered from without a restart', async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.close());
    const direct = new URL(database.url!);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    cleanups.push(() => proxy.close());
    const proxied = new URL(database.url!);
    proxied.host = `127.0.0.1:${proxy.port}`;

    const handle = await openDatabase({ databaseUrl: proxied.toString(), poolSize: 4 });
    const logs = captureLogs();
    const app: FastifyInstance = await buildApp({ env: testEnv(), database: handle, logger: logs.logger });
    await app.ready();
    cleanups.push(async () => {
      await app.close();
      await handle.close();
    });
    await database.db.insert(plans).values({ name: 'Plano da Queda', priceMonthly: 30 });
    const listPlans = () => app.inject({ method: 'GET', url: '/api/plans' });
    expect((await listPlans()).statusCode).toBe(200);

    for (let outage = 1; outage <= 2; outage++) {
      await proxy.cut();
      // Answered while the database is still away: a refused connection fails at once, not after a timeout.
      const during = await Promise.all([
        ...Array.from({ length: 6 }, listPlans),
        app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: `10.55.0.${outage}`,
          payload: { name: 'Ana', email: 'ana@example.com', subject: 'Queda', message: 'Durante a queda.' },
        }),
      ]);
      for (const response of during) {
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json()).toEqual({
          error: { code: 'unavailable', message: 'Serviço indisponível no momento. Tente novamente em alguns segundos.' },
        });
        expect(response.headers['retry-after']).toBe('5');
        expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      }
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      expect(logs.withMessage('banco de dados indisponível')).toHaveLength(outage);

      await proxy.restore();
      await expect.poll(async () => (await listPlans()).statusCode, { timeout: 15_000 }).toBe(200);
      await expect.poll(() => logs.withMessage('banco de dados de volta').length, { timeout: 15_000 }).toBe(outage);
    }

    const plansAfter = (await listPlans()).json<{ name: string }[]>();
    expect(plansAfter.map((plan) => plan.name)).toContain('Plano da Queda');
    expect(logs.withMessage('banco de dados indisponível')).toHaveLength(2);
    expect(logs.withMessage('banco de dados de volta')).toHaveLength(2);
    expect(logs.withMessage('banco de dados de volta')[0]).toHaveProperty('durationMs');
    expect(logs.entries().filter(isStackTrace)).toEqual([]);
    expect(logs.errors()).toEqual([]);
  });

  it('a connection lost while a transaction waits between two queries fails that transaction, not the process', async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.close());
    const direct = new URL(database.url!);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    cleanups.push(() => proxy.close());
    const proxied = new URL(database.url!);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const handle = await openDatabase({ databaseUrl: proxied.toString(), poolSize: 2 });
    cleanups.push(() => handle.close());

    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let cut!: () => void;
    const afterCut = new Promise<void>((resolve) => (cut = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.select().from(plans);
      holding();
      await afterCut;
      await tx.select().from(plans);
    });
    await held;
    await proxy.cut();
    cut();
    const failure = await transaction.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnreachable(failure)).toBe(true);

    await proxy.restore();
    await expect
      .poll(
        () =>
          handle.ping().then(
            () => 'up',
            () => 'down',
          ),
        { timeout: 15_000 },
      )
      .toBe('up');
  });
});

describe('the outage monitor', () => {
  it('logs the start once however many requests fail, and the end once when the database answers again', async () => {
    const logs = captureLogs();
    const app = Fastify({ logger: logs.logger });
    let databaseUp = false;
    const probes: boolean[] = [];
    const monitor = createOutageMonitor({
      logger: app.log,
      probeIntervalMs: 5,
      probe: async () => {
        probes.push(databaseUp);
        if (!databaseUp) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
    });
    cleanups.push(async () => monitor.stop());

    for (let request = 0; request < 20; request++) monitor.reportUnreachable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }));
    expect(monitor.isDown).toBe(true);
    await expect.poll(() => probes.length).toBeGreaterThanOrEqual(3);
    databaseUp = true;
    await expect.poll(() => monitor.isDown).toBe(false);

    expect(logs.withMessage('banco de dados indisponível')).toEqual([expect.objectContaining({ reason: 'ECONNREFUSED' })]);
    expect(logs.withMessage('banco de dados de volta')).toHaveLength(1);
  });
});

// Durability of outgoing webhooks under the faults that happen in production: a server process
// killed in the middle of a delivery, and several instances sharing one queue.
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { testEnv } from '../../../test/app.ts';
import { createTestDatabase, migratedDataDir, testDbKind } from '../../../test/database.ts';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.ts';
import { waitUntil } from '../../../test/wait.ts';
import { startReceiver, type Reply } from '../../../test/webhook-receiver.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.ts';
import { jobAttempts, jobs, webhookAttempts, webhookDeliveries } from '../../db/schema.ts';
import { enqueueWebhook } from './webhooks.usecases.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const never = new Promise<void>(() => undefined);

/**
 * Where the server processes keep their data: a PGlite directory (only one process may open it,
 * so the test reads it between runs) or this test's own PostgreSQL database.
 */
async function durableStore(): Promise<{ env: Record<string, string>; use<T>(work: (db: Database) => Promise<T>): Promise<T> }> {
  if (testDbKind() === 'pglite') {
    // Already migrated: the servers skip PGlite's initdb (most of a first start's CPU).
    const dataDir = migratedDataDir();
    return {
      env: { DATA_DIR: dataDir },
      async use(work) {
        const handle = await openDatabase({ dataDir });
        try {
          return await work(handle.db);
        } finally {
          await handle.close();
        }
      },
    };
  }
  const handle = await createTestDatabase('postgres');
  cleanups.push(() => handle.close());
  return { env: { DATABASE_URL: handle.url! }, use: (work) => work(handle.db) };
}

async function server(env: Record<string, string>): Promise<ServerProcess> {
  const started = await startServerProcess(env);
  cleanups.push(() => started.kill());
  return started;
}

describe('webhook deliveries survive faults', () => {
  it('delivers exactly once more, with nothing lost, after the server is killed with SIGKILL in the middle of a delivery', async () => {
    // The receiver holds the first request open: the server is killed while waiting for it.
    const hook = await startReceiver((_request, index): Reply => (index === 0 ? { status: 204, after: never } : { status: 204 }));
    cleanups.push(() => hook.close());
    const store = await durableStore();
    const { deliveryId, messageId, jobId } = await store.use((db) =>
      enqueueWebhook(
        db,
        { endpointUrl: hook.url, event: 'credit_order.created', payload: { type: 'credit_purchase_order', contact: 'Ana' }, source: 'credit_order' },
        { allowPrivate: true },
      ),
    );
    const env = { ...store.env, ALLOW_PRIVATE_WEBHOOKS: 'true', JOBS_LEASE_SECONDS: '1' };

    const first = await server(env);
    await waitUntil(() => hook.requests.length === 1, { timeoutMs: 60_000, what: 'a primeira entrega chegar' });
    await first.kill();

    const second = await server(env);
    await waitUntil(() => hook.requests.length === 2, { timeoutMs: 60_000, what: 'a entrega ser retomada' });
    // Stopped like an orchestrator would: it finishes recording the delivery it is running.
    expect(await second.stop()).toBe(0);

    expect(hook.requests.map((request) => request.id)).toEqual([messageId, messageId]);
    expect(hook.concurrentDuplicates).toEqual([]);
    await store.use(async (db) => {
      const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 204 });
      const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attempt));
      expect(attempts.map((row) => [row.attempt, row.statusCode, row.error])).toEqual([
        [1, null, 'Envio interrompido: o processo parou antes da resposta; o resultado é desconhecido.'],
        [2, 204, null],
      ]);
      const runs = await db.select().from(jobAttempts).where(eq(jobAttempts.jobId, jobId)).orderBy(asc(jobAttempts.attempt));
      expect(runs.map((row) => [row.attempt, row.outcome])).toEqual([
        [1, 'interrupted'],
        [2, 'succeeded'],
      ]);
      expect(new Set(runs.map((row) => row.workerId)).size).toBe(2);
      expect((await db.select().from(jobs).where(eq(jobs.id, jobId)))[0]).toMatchObject({ status: 'succeeded', lockedBy: null });
    });
  }, 180_000);

  it.skipIf(testDbKind() !== 'postgres')(
    'two instances on one PostgreSQL deliver 200 queued webhooks, each once, never the same one twice at a time',
    async () => {
      // Answers take a little while, so deliveries overlap and a double claim would show.
      const hook = await startReceiver((_request, index) => ({
        status: 200,
        after: new Promise((resolve) => setTimeout(resolve, index % 7)),
      }));
      cleanups.push(() => hook.close());
      const database = await createTestDatabase('postgres');
      cleanups.push(() => database.close());
      const workerIds: string[] = [];
      for (const handle of [database, await openDatabase({ databaseUrl: database.url!, poolSize: 5 })] as DatabaseHandle[]) {
        const app = await buildApp({ env: testEnv(), database: handle, jobs: { concurrency: 4, pollIntervalMs: 50 } });
        await app.ready();
        workerIds.push(app.jobs.workerId);
        cleanups.push(async () => {
          await app.close();
          if (handle !== database) await handle.close();
        });
      }

      const messageIds = await database.db.transaction(async (tx) => {
        const ids: string[] = [];
        for (let order = 0; order < 200; order++) {
          const queued = await enqueueWebhook(
            tx,
            { endpointUrl: hook.url, event: 'credit_order.created', payload: { order }, source: 'credit_order' },
            { allowPrivate: true },
          );
          ids.push(queued.messageId);
        }
        return ids;
      });

      await waitUntil(
        async () => {
          const rows = await database.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries);
          return rows.length === 200 && rows.every((row) => row.status === 'delivered');
        },
        { timeoutMs: 120_000, intervalMs: 200, what: 'as 200 entregas' },
      );

      expect(hook.concurrentDuplicates).toEqual([]);
      expect(hook.requests).toHaveLength(200);
      expect(new Set(hook.requests.map((request) => request.id))).toEqual(new Set(messageIds));
      const workers = await database.db.selectDistinct({ workerId: jobAttempts.workerId }).from(jobAttempts);
      expect(workers.map((row) => row.workerId).sort()).toEqual(workerIds.sort());
    },
    180_000,
  );
});

import { asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { waitUntil } from '../../../test/wait.ts';
import { startReceiver, type ReceivedWebhook, type Reply } from '../../../test/webhook-receiver.ts';
import type { Database } from '../../db/client.ts';
import { creditOrders, jobAttempts, jobs, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { AppError } from '../../shared/errors.ts';
import type { JobRunnerOptions } from '../../shared/jobs/runner.ts';
import type { Resolver } from './webhook-target.ts';
import { enqueueWebhook, resendWebhookDelivery } from './webhooks.usecases.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const fastJobs: Partial<JobRunnerOptions> = {
  pollIntervalMs: 25,
  retry: { baseDelayMs: 40, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 },
};

async function app(options: { env?: Record<string, string>; jobs?: Partial<JobRunnerOptions> | false; resolve?: Resolver } = {}): Promise<TestApp> {
  const t = await buildTestApp({
    env: options.env,
    jobs: options.jobs === false ? false : { ...fastJobs, ...options.jobs },
    webhooks: { resolve: options.resolve },
  });
  cleanups.push(() => t.close());
  return t;
}

async function receiver(responder?: (request: ReceivedWebhook, index: number) => Reply) {
  const started = await startReceiver(responder);
  cleanups.push(() => started.close());
  return started;
}

const delivery = async (db: Database, id: string) => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
const attemptsOf = (db: Database, id: string) =>
  db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id)).orderBy(asc(webhookAttempts.attempt));
const deliveredOrFailed = (db: Database, id: string, status: 'delivered' | 'failed') =>
  waitUntil(
    async () => {
      const row = await delivery(db, id);
      return row.status === status ? row : undefined;
    },
    { what: `entrega ${status}` },
  );

const orderBody = { contact: 'Ana', message: 'Pedido de 30 créditos', timestamp: '2026-11-21T12:00:00.000Z', type: 'credit_purchase_order' };

/** A credit order and its webhook, written together the way the order route will. */
async function placeOrder(db: Database, url: string, policy = { allowPrivate: true }) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(creditOrders)
      .values({ contact: 'Ana', message: 'Pedido de 30 créditos', items: [], total: 30, webhookUrl: url })
      .returning();
    const queued = await enqueueWebhook(
      tx,
      { endpointUrl: url, event: 'credit_order.created', payload: orderBody, source: 'credit_order', sourceId: order!.id },
      policy,
    );
    return { order: order!, ...queued };
  });
}

describe('outgoing webhooks', () => {
  it('delivers an order to its receiver, signed with the secret of that endpoint', async () => {
    const t = await app();
    const hook = await receiver();

    const { deliveryId, messageId } = await placeOrder(t.database.db, hook.url);
    const done = await deliveredOrFailed(t.database.db, deliveryId, 'delivered');

    const [endpoint] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, hook.url));
    expect(endpoint!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [request] = hook.requests;
    expect(request!.id).toBe(messageId);
    expect(new Webhook(endpoint!.secret).verify(request!.body, request!.headers)).toEqual(orderBody);
    expect(done).toMatchObject({ attempts: 1, lastStatusCode: 204, lastError: null, event: 'credit_order.created' });
    // The log never carries the secret.
    expect(JSON.stringify(done)).not.toContain(endpoint!.secret);
    expect(await attemptsOf(t.database.db, deliveryId)).toMatchObject([{ attempt: 1, statusCode: 204, error: null }]);
  });

  it('writes neither the delivery nor its job when the order transaction rolls back', async () => {
    const t = await app({ jobs: false });
    const hook = await receiver();

    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueWebhook(tx, { endpointUrl: hook.url, event: 'credit_order.created', payload: orderBody, source: 'credit_order' }, { allowPrivate: true });
        throw new Error('o pedido falhou depois');
      }),
    ).rejects.toThrow('o pedido falhou depois');

    expect(await t.database.db.select().from(webhookDeliveries)).toEqual([]);
    expect(await t.database.db.select().from(jobs)).toEqual([]);
  });

  it('keeps one secret per receiving URL, created the first time it is used', async () => {
    const t = await app({ jobs: false });
    const send = (url: string) =>
      enqueueWebhook(t.database.db, { endpointUrl: url, event: 'shortcut.run', payload: {}, source: 'shortcut' }, { allowPrivate: true });

    await send('https://hooks.example.com/a');
    await send('https://hooks.example.com/a');
    await send('https://hooks.example.com/b');

    const endpoints = await t.database.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.url));
    expect(endpoints.map((endpoint) => endpoint.url)).toEqual(['https://hooks.example.com/a', 'https://hooks.example.com/b']);
    expect(endpoints[0]!.secret).not.toBe(endpoints[1]!.secret);
    const deliveries = await t.database.db.select().from(webhookDeliveries);
    expect(new Set(deliveries.map((row) => row.messageId)).size).toBe(3);
  });

  it('retries a failing receiver with growing delays, logs each attempt, and gives up after three', async () => {
    const t = await app();
    const hook = await receiver(() => ({ status: 500 }));

    const { deliveryId, jobId, messageId } = await placeOrder(t.database.db, hook.url);
    const failed = await deliveredOrFailed(t.database.db, deliveryId, 'failed');

    expect(failed).toMatchObject({ attempts: 3, lastStatusCode: 500, lastError: 'O destino respondeu HTTP 500.' });
    const attempts = await attemptsOf(t.database.db, deliveryId);
    expect(attempts.map((row) => [row.attempt, row.statusCode, row.error])).toEqual([
      [1, 500, 'O destino respondeu HTTP 500.'],
      [2, 500, 'O destino respondeu HTTP 500.'],
      [3, 500, 'O destino respondeu HTTP 500.'],
    ]);
    for (const row of attempts) expect(row.durationMs).toBeGreaterThanOrEqual(0);
    expect(hook.requests.map((request) => request.id)).toEqual([messageId, messageId, messageId]);
    // Each retry waited longer than the one before (base 40 ms, doubled, with jitter).
    const runs = await t.database.db.select().from(jobAttempts).where(eq(jobAttempts.jobId, jobId)).orderBy(asc(jobAttempts.attempt));
    const waits = runs.map((run) => (run.nextRunAt ? run.nextRunAt.getTime() - run.finishedAt!.getTime() : null));
    expect(waits[0]).toBeGreaterThanOrEqual(20);
    expect(waits[0]).toBeLessThanOrEqual(40);
    expect(waits[1]).toBeGreaterThanOrEqual(40);
    expect(waits[1]).toBeLessThanOrEqual(80);
    expect(waits[2]).toBeNull();
  });

  it('sends a failed delivery again with the same message id, continuing its attempt log', async () => {
    const t = await app();
    const hook = await receiver(() => ({ status: 503 }));
    const { deliveryId, messageId } = await placeOrder(t.database.db, hook.url);
    await deliveredOrFailed(t.database.db, deliveryId, 'failed');

    hook.reply(() => ({ status: 200 }));
    const resent = await resendWebhookDelivery(t.database.db, deliveryId);
    const delivered = await deliveredOrFailed(t.database.db, deliveryId, 'delivered');

    expect(resent.messageId).toBe(messageId);
    expect(delivered).toMatchObject({ attempts: 4, lastStatusCode: 200, lastError: null });
    expect((await attemptsOf(t.database.db, deliveryId)).map((row) => row.statusCode)).toEqual([503, 503, 503, 200]);
    expect(new Set(hook.requests.map((request) => request.id))).toEqual(new Set([messageId]));
  });

  it("waits for the receiver's Retry-After before trying again", async () => {
    const t = await app();
    const hook = await receiver((_request, index) => (index === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 204 }));

    const { deliveryId, jobId } = await placeOrder(t.database.db, hook.url);
    await deliveredOrFailed(t.database.db, deliveryId, 'delivered');

    const [first] = await t.database.db.select().from(jobAttempts).where(eq(jobAttempts.jobId, jobId)).orderBy(asc(jobAttempts.attempt));
    expect(first!.nextRunAt!.getTime() - first!.finishedAt!.getTime()).toBe(1_000);
    expect((await attemptsOf(t.database.db, deliveryId)).map((row) => row.statusCode)).toEqual([429, 204]);
  });

  it('refuses to re-send a delivery that is still being tried, or one that does not exist', async () => {
    const t = await app({ jobs: false });
    const { deliveryId } = await placeOrder(t.database.db, 'https://hooks.example.com/pedidos');

    await expect(resendWebhookDelivery(t.database.db, deliveryId)).rejects.toMatchObject({
      code: 'webhooks.delivery_in_progress',
      statusCode: 409,
    });
    await expect(resendWebhookDelivery(t.database.db, '6d1f1d4e-1111-4a4a-8b8b-000000000000')).rejects.toMatchObject({
      code: 'webhooks.delivery_not_found',
      statusCode: 404,
    });
    await expect(resendWebhookDelivery(t.database.db, 'not-a-uuid')).rejects.toMatchObject({ statusCode: 404 });
    expect(await t.database.db.select().from(jobs)).toHaveLength(1);
  });

  it('queues one new job when two admins re-send the same failed delivery at once', async () => {
    const t = await app({ jobs: false });
    const { deliveryId } = await placeOrder(t.database.db, 'https://hooks.example.com/pedidos');
    await t.database.db.update(webhookDeliveries).set({ status: 'failed' }).where(eq(webhookDeliveries.id, deliveryId));

    const results = await Promise.allSettled([resendWebhookDelivery(t.database.db, deliveryId), resendWebhookDelivery(t.database.db, deliveryId)]);

    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await t.database.db.select().from(jobs)).toHaveLength(2);
  });

  describe('refusing a URL the server will never send to', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ jobs: false });
    });
    afterAll(async () => {
      await t.close();
    });

    it.each([
      ['file:///etc/passwd', 'webhooks.invalid_url'],
      ['gopher://hooks.example.com/', 'webhooks.invalid_url'],
      ['https://usuario:senha@hooks.example.com/', 'webhooks.invalid_url'],
      ['http://169.254.169.254/latest/meta-data/', 'webhooks.forbidden_address'],
      ['http://[::ffff:127.0.0.1]/', 'webhooks.forbidden_address'],
      ['', 'webhooks.invalid_url'],
    ])('answers %j with a 400 (%s) and writes nothing', async (url, code) => {
      const error = await enqueueWebhook(
        t.database.db,
        { endpointUrl: url, event: 'shortcut.run', payload: {}, source: 'shortcut' },
        { allowPrivate: false },
      ).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code, statusCode: 400 });
      expect(await t.database.db.select().from(webhookDeliveries)).toEqual([]);
      expect(await t.database.db.select().from(webhookEndpoints)).toEqual([]);
    });
  });

  it('fails without retrying a delivery whose name resolves to a private address when it is sent', async () => {
    const resolve: Resolver = (_hostname, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);
    const t = await app({ env: { ALLOW_PRIVATE_WEBHOOKS: 'false' }, resolve });
    const hook = await receiver();

    const { deliveryId } = await placeOrder(t.database.db, `http://hooks.example.test:${hook.port}/hooks`, { allowPrivate: false });
    const failed = await deliveredOrFailed(t.database.db, deliveryId, 'failed');

    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toBe('O endereço 127.0.0.1 é local, privado ou reservado: webhooks só podem ir para endereços públicos.');
    expect(hook.connections).toBe(0);
  });

  it('hands an unfinished delivery back to the queue when the instance stops, and the next instance sends it', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const hook = await receiver((_request, index) => (index === 0 ? { status: 204, after: answered } : { status: 204 }));
    const first = await buildTestApp({ jobs: { ...fastJobs, shutdownGraceMs: 100 } });
    const { deliveryId, jobId } = await placeOrder(first.database.db, hook.url);
    await waitUntil(() => hook.requests.length === 1);

    await first.app.close();
    const handedBack = await delivery(first.database.db, deliveryId);
    expect(handedBack.status).toBe('pending');
    expect((await first.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]).toMatchObject({ status: 'queued', attempts: 0 });
    answer();

    const second = await buildTestApp({ database: first.database, jobs: fastJobs });
    cleanups.push(() => second.close());
    await deliveredOrFailed(second.database.db, deliveryId, 'delivered');
    expect(hook.requests.map((request) => request.id)).toEqual([handedBack.messageId, handedBack.messageId]);
  });
});

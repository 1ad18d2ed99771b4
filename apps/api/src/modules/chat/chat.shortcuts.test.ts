import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { waitUntil } from '../../../test/wait.ts';
import { startReceiver, type ReceivedWebhook, type Reply } from '../../../test/webhook-receiver.ts';
import { jobs, shortcuts, webhookDeliveries } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';
import { CHAT_LIMITS } from './chat.routes.ts';
import { newVisitor, ORIGIN } from './chat.test-support.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp({
    env: { ...adminEnv, ...env },
    jobs: { pollIntervalMs: 25, retry: { baseDelayMs: 40, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 } },
  });
  cleanups.push(() => t.close());
  return t;
}

async function receiver(responder?: (request: ReceivedWebhook, index: number) => Reply) {
  const started = await startReceiver(responder);
  cleanups.push(() => started.close());
  return started;
}

async function webhookShortcut(t: TestApp, values: Partial<typeof shortcuts.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(shortcuts)
    .values({ name: 'Falar com atendente', type: 'webhook', payload: { intent: 'human_support', canal: 'chat' }, ...values })
    .returning();
  return row!;
}

const run = (t: TestApp, id: string, cookie?: string, body: { conversationId?: string } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/chat/shortcuts/${id}/run`, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, payload: body });

const runStatus = (t: TestApp, conversationId: string, deliveryId: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/chat/conversations/${conversationId}/shortcut-runs/${deliveryId}`, headers: { cookie } });

async function statusOf(t: TestApp, conversationId: string, deliveryId: string, cookie: string) {
  const response = await runStatus(t, conversationId, deliveryId, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { status: string }).status;
}

describe('webhook shortcuts run on the server', () => {
  it('reach the receiver signed the Standard Webhooks way, with the payload plus timestamp, shortcut_id and shortcut_name', async () => {
    const t = await app();
    const hook = await receiver();
    const shortcut = await webhookShortcut(t, { webhookUrl: hook.url });
    const visitor = await newVisitor(t.app);

    const response = await run(t, shortcut.id, visitor.cookie);
    expect(response.statusCode).toBe(202);
    expect(response.body).not.toContain(hook.url);
    await waitUntil(() => hook.requests.length === 1, { what: 'o webhook do atalho' });

    const admin = await signInAsAdmin(t.app);
    const endpoint = await t.app.inject({ method: 'GET', url: `/api/chat/admin/shortcuts/${shortcut.id}/webhook-endpoint`, headers: { cookie: admin } });
    expect(endpoint.statusCode).toBe(200);
    const { secret } = endpoint.json() as { secret: string };
    const [request] = hook.requests;
    const body = new Webhook(secret).verify(request!.body, request!.headers) as Record<string, unknown>;
    expect(body).toEqual({
      intent: 'human_support',
      canal: 'chat',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      shortcut_id: shortcut.id,
      shortcut_name: 'Falar com atendente',
    });
    // A forged signature is told apart by the same check.
    expect(() => new Webhook(secret).verify(request!.body.replace('chat', 'xxxx'), request!.headers)).toThrow();

    // Visitors never read the signing secret.
    const asVisitor = await t.app.inject({
      method: 'GET',
      url: `/api/chat/admin/shortcuts/${shortcut.id}/webhook-endpoint`,
      headers: { cookie: visitor.cookie },
    });
    expect(asVisitor.statusCode).toBe(401);
  });

  it('retries a receiver that fails twice and logs every attempt for the admin', async () => {
    const t = await app();
    const hook = await receiver((_request, index) => (index < 2 ? { status: 503 } : { status: 204 }));
    const shortcut = await webhookShortcut(t, { webhookUrl: hook.url });
    const visitor = await newVisitor(t.app);
    expect((await run(t, shortcut.id, visitor.cookie)).statusCode).toBe(202);

    const admin = await signInAsAdmin(t.app);
    const runs = await waitUntil(
      async () => {
        const response = await t.app.inject({ method: 'GET', url: `/api/chat/admin/shortcut-runs?shortcutId=${shortcut.id}`, headers: { cookie: admin } });
        const list = (response.json() as { items: { success: boolean; attempts: { statusCode: number | null }[] }[] }).items;
        return list[0]?.success ? list : undefined;
      },
      { what: 'a entrega após duas falhas' },
    );
    expect(hook.requests).toHaveLength(3);
    expect(new Set(hook.requests.map((request) => request.id)).size).toBe(1);
    expect(runs).toEqual([expect.objectContaining({ shortcutId: shortcut.id, status: 'delivered', success: true, error: null })]);
    expect(runs[0]!.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 503, 204]);
  });

  it('says the URL is missing, and queues nothing', async () => {
    const t = await app();
    const shortcut = await webhookShortcut(t, { webhookUrl: null });
    const response = await run(t, shortcut.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'chat.webhook_url_missing', message: 'URL do webhook não configurada' });
    expect(await t.database.db.select().from(webhookDeliveries)).toEqual([]);
    expect(await t.database.db.select().from(jobs)).toEqual([]);
  });

  it('refuses a private address unless private webhooks are allowed, and queues nothing', async () => {
    const t = await app({ ALLOW_PRIVATE_WEBHOOKS: 'false' });
    const shortcut = await webhookShortcut(t, { webhookUrl: 'http://169.254.169.254/latest/meta-data' });
    const response = await run(t, shortcut.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('webhooks.forbidden_address');
    expect(await t.database.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it('does not run a PIX shortcut, an inactive one or an unknown one', async () => {
    const t = await app();
    const [pix] = await t.database.db.insert(shortcuts).values({ name: 'PIX', type: 'pix' }).returning();
    expect((await run(t, pix!.id)).statusCode).toBe(400);
    const inactive = await webhookShortcut(t, { webhookUrl: 'https://hooks.example.com/x', active: false });
    expect((await run(t, inactive.id)).statusCode).toBe(404);
    expect((await run(t, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await t.database.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it('limits how often one visitor runs shortcuts', async () => {
    const t = await app();
    const hook = await receiver();
    const shortcut = await webhookShortcut(t, { webhookUrl: hook.url });
    const visitor = await newVisitor(t.app);
    for (let i = 0; i < CHAT_LIMITS.shortcutRuns.perVisitor; i++) expect((await run(t, shortcut.id, visitor.cookie)).statusCode).toBe(202);
    const refused = await run(t, shortcut.id, visitor.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Muitos atalhos executados seguidos\. Aguarde \d+ segundos/);
    expect(await t.database.db.select().from(webhookDeliveries)).toHaveLength(CHAT_LIMITS.shortcutRuns.perVisitor);
  });
});

describe('a shortcut run from the conversation tells what really happened', () => {
  it("is 'queued' while being sent, then 'delivered', and the receiver learns which conversation asked", async () => {
    const t = await app();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const hook = await receiver(() => ({ status: 204, after: held }));
    const shortcut = await webhookShortcut(t, { webhookUrl: hook.url });
    const visitor = await newVisitor(t.app);

    const response = await run(t, shortcut.id, visitor.cookie, { conversationId: visitor.conversation.id });
    expect(response.statusCode).toBe(202);
    const { deliveryId, status } = response.json() as { deliveryId: string; status: string };
    expect(status).toBe('queued');
    // Being sent, not yet answered: registered, never "success".
    await waitUntil(() => hook.requests.length === 1, { what: 'o envio do atalho' });
    expect(await statusOf(t, visitor.conversation.id, deliveryId, visitor.cookie)).toBe('queued');
    expect(JSON.parse(hook.requests[0]!.body)).toMatchObject({ conversation_id: visitor.conversation.id, shortcut_name: 'Falar com atendente' });

    release();
    await waitUntil(async () => (await statusOf(t, visitor.conversation.id, deliveryId, visitor.cookie)) === 'delivered', { what: 'a entrega confirmada' });
    expect((await runStatus(t, visitor.conversation.id, deliveryId, visitor.cookie)).json()).toEqual({
      deliveryId,
      shortcutName: 'Falar com atendente',
      status: 'delivered',
    });
  });

  it("is 'retrying' as soon as the first attempt failed, while the next is pending, then 'delivered' when it succeeds", async () => {
    // The wait before a retry comes from JOBS_RETRY_BASE_SECONDS (30 s by default): a twentieth of a second here.
    const t = await buildTestApp({ env: { ...adminEnv, JOBS_RETRY_BASE_SECONDS: '0.05' }, jobs: { pollIntervalMs: 25 } });
    cleanups.push(() => t.close());
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first attempt fails; the second is held open until the test has read the run's state.
    const hook = await receiver((_request, index) => (index === 0 ? { status: 503 } : { status: 204, after: held }));
    const shortcut = await webhookShortcut(t, { webhookUrl: hook.url });
    const visitor = await newVisitor(t.app);
    const { deliveryId } = (await run(t, shortcut.id, visitor.cookie, { conversationId: visitor.conversation.id })).json() as { deliveryId: string };

    await waitUntil(() => hook.requests.length === 2, { what: 'a segunda tentativa' });
    expect(await statusOf(t, visitor.conversation.id, deliveryId, visitor.cookie)).toBe('retrying');
    release();
    await waitUntil(async () => (await statusOf(t, visitor.conversation.id, deliveryId, visitor.cookie)) === 'delivered', { what: 'a entrega confirmada' });
  });

  it("is 'failed' once every attempt failed, and the admin dashboard counts the failure", async () => {
    const t = await app();
    const hook = await receiver(() => ({ status: 503 }));
    const shortcut = await webhookShortcut(t, { webhookUrl: hook.url });
    const visitor = await newVisitor(t.app);
    const { deliveryId } = (await run(t, shortcut.id, visitor.cookie, { conversationId: visitor.conversation.id })).json() as { deliveryId: string };

    await waitUntil(async () => (await statusOf(t, visitor.conversation.id, deliveryId, visitor.cookie)) === 'failed', { what: 'a falha definitiva' });
    expect(hook.requests).toHaveLength(3);

    const admin = await signInAsAdmin(t.app);
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard?days=7', headers: { cookie: admin } });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().counts.failedShortcutRuns).toBe(1);
    // The admin reads the run of that conversation too.
    expect(await statusOf(t, visitor.conversation.id, deliveryId, admin)).toBe('failed');
  });

  it("is neither run in nor read from someone else's conversation", async () => {
    const t = await app();
    const hook = await receiver();
    const shortcut = await webhookShortcut(t, { webhookUrl: hook.url });
    const owner = await newVisitor(t.app);
    const stranger = await newVisitor(t.app);

    const refused = await run(t, shortcut.id, stranger.cookie, { conversationId: owner.conversation.id });
    expect(refused.statusCode).toBe(404);
    expect(await t.database.db.select().from(webhookDeliveries)).toEqual([]);

    const { deliveryId } = (await run(t, shortcut.id, owner.cookie, { conversationId: owner.conversation.id })).json() as { deliveryId: string };
    expect((await runStatus(t, owner.conversation.id, deliveryId, stranger.cookie)).statusCode).toBe(404);
    // A run is read through its own conversation only.
    expect((await runStatus(t, stranger.conversation.id, deliveryId, stranger.cookie)).statusCode).toBe(404);
    const malformed = await runStatus(t, owner.conversation.id, 'nao-e-um-id', owner.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBeTruthy();
  });
});

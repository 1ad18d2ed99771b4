// The dashboard's figures and the operations views: webhook deliveries (re-send), endpoints (secret
// rotation shown once), the e-mail outbox and sessions (revoke ends access at once).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Dashboard, WebhookDeliveryLog } from '@vitrine/domain/admin';
import type { ListEnvelope } from '@vitrine/domain/lists';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { entryVersion } from '../../../test/edit-version.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { waitUntil } from '../../../test/wait.ts';
import { chatConversations, chatMessages, emailOutbox, siteAccessEvents, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { adminEnv, createConfirmedProUser, signInAsAdmin } from '../access/access.test-support.ts';
import { enqueueWebhook } from '../webhooks/webhooks.usecases.ts';

describe('admin operations', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie = admin) => t.app.inject({ method, url, headers: { cookie } });

  it('dashboard: one entry per day of the period, visits and sessions of today, top pages and sources, chat ratings', async () => {
    const path = `/teste-${crypto.randomUUID().slice(0, 6)}`;
    const session = crypto.randomUUID();
    await t.database.db.insert(siteAccessEvents).values([
      { path, source: 'google.com', sessionId: session },
      { path, source: 'google.com', sessionId: session },
      { path, source: 'direct', sessionId: crypto.randomUUID() },
      { path, source: 'direct', sessionId: crypto.randomUUID(), createdAt: new Date(Date.now() - 40 * 86_400_000) },
    ]);
    const [conversation] = await t.database.db.insert(chatConversations).values({ visitorId: crypto.randomUUID() }).returning();
    await t.database.db.insert(chatMessages).values([
      { conversationId: conversation!.id, type: 'bot', content: 'a', feedback: 'positive' },
      { conversationId: conversation!.id, type: 'bot', content: 'b', feedback: 'negative' },
    ]);
    const dashboard = (await call('GET', '/api/admin/dashboard?days=7')).json<Dashboard>();
    expect(dashboard.visitsPerDay).toHaveLength(7);
    expect(dashboard.visitsPerDay.at(-1)!.visits).toBeGreaterThanOrEqual(3);
    expect(dashboard.topPages.find((page) => page.path === path)).toEqual({ path, visits: 3 });
    expect(dashboard.topSources.map((source) => source.source)).toEqual(expect.arrayContaining(['google.com', 'direct']));
    expect(dashboard.chat.positive).toBeGreaterThanOrEqual(1);
    expect(dashboard.chat.positiveRatio).toBeGreaterThan(0);
    expect(dashboard.chat.positiveRatio).toBeLessThan(1);
    expect((await call('GET', '/api/admin/dashboard?days=0')).statusCode).toBe(400);
  });

  it('dashboard: the period starts at midnight of its first day in São Paulo, to the second', async () => {
    // São Paulo is UTC−3 all year: its midnight is 03:00 UTC.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const firstDayMidnight = new Date(Date.UTC(year, month - 1, day - 1, 3, 0, 0));
    await t.database.db.insert(siteAccessEvents).values([
      { path: '/meia-noite', source: 'direct', sessionId: crypto.randomUUID(), createdAt: firstDayMidnight },
      { path: '/antes', source: 'direct', sessionId: crypto.randomUUID(), createdAt: new Date(firstDayMidnight.getTime() - 1_000) },
    ]);
    const dashboard = (await call('GET', '/api/admin/dashboard?days=2')).json<Dashboard>();
    expect(dashboard.visitsPerDay.map((entry) => entry.day)[0]).toBe(new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10));
    expect(dashboard.visitsPerDay[0]!.visits).toBe(1);
    expect(dashboard.topPages.some((page) => page.path === '/antes')).toBe(false);
  });

  it('webhook log: filters, re-sends a failed delivery with the same message id (audited), refuses one still in progress', async () => {
    const url = `http://127.0.0.1:9/log-${crypto.randomUUID().slice(0, 6)}`;
    const { deliveryId } = await enqueueWebhook(
      t.database.db,
      { endpointUrl: url, event: 'teste.log', payload: { a: 1 }, source: 'test' },
      { allowPrivate: true },
    );
    // Nothing listens on port 9: the runner gives up after its attempts.
    const failed = await waitUntil(
      async () => (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId))).find((row) => row.status === 'failed'),
      { what: 'a entrega falhar' },
    );
    // One still being tried (its row pending, as between two attempts; with fast jobs the runner could
    // finish a real one's attempts before the request): no re-send.
    const [busy] = await t.database.db
      .insert(webhookDeliveries)
      .values({ ...failed, id: crypto.randomUUID(), messageId: `msg_${crypto.randomUUID().replaceAll('-', '')}`, status: 'pending', attempts: 1 })
      .returning();
    expect((await call('POST', `/api/admin/webhook-deliveries/${busy!.id}/resend`)).statusCode).toBe(409);

    const listed = (await call('GET', `/api/admin/webhook-deliveries?status=failed&search=${encodeURIComponent(url)}`)).json<
      ListEnvelope<WebhookDeliveryLog>
    >();
    expect(listed).toMatchObject({ total: 1, items: [{ id: deliveryId, url, event: 'teste.log', status: 'failed' }] });
    expect(listed.items[0]!.attempts.length).toBeGreaterThan(0);
    const resent = await call('POST', `/api/admin/webhook-deliveries/${deliveryId}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toMatchObject({ id: deliveryId, messageId: listed.items[0]!.messageId });
    const audit = (await call('GET', `/api/admin/audit-log?resource=webhook-deliveries&search=${deliveryId}`)).json<ListEnvelope<AuditEntry>>().items;
    expect(audit[0]).toMatchObject({ action: 'update', before: { status: 'failed' }, after: { status: 'pending' } });
    expect((await call('POST', `/api/admin/webhook-deliveries/${crypto.randomUUID()}/resend`)).statusCode).toBe(404);
  });

  it('endpoints show only the end of their secret; rotating shows the new one once and the trail never holds it', async () => {
    const url = `http://127.0.0.1:9/rot-${crypto.randomUUID().slice(0, 6)}`;
    await enqueueWebhook(t.database.db, { endpointUrl: url, event: 'teste', payload: {}, source: 'test' }, { allowPrivate: true });
    const [endpoint] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, url));
    const listed = (await call('GET', '/api/admin/webhook-endpoints?pageSize=100')).json<
      ListEnvelope<{ id: string; secretHint: string; deliveries: number }>
    >();
    expect(listed.items.find((item) => item.id === endpoint!.id)).toMatchObject({ secretHint: `••••${endpoint!.secret.slice(-4)}`, deliveries: 1 });
    expect(JSON.stringify(listed)).not.toContain(endpoint!.secret);

    const rotated = await call('POST', `/api/admin/webhook-endpoints/${endpoint!.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json<{ secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint!.secret);
    const [after] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
    expect(after!.secret).toBe(secret);
    const trail = (await call('GET', `/api/admin/audit-log?resource=webhook-endpoints&search=${endpoint!.id}`)).body;
    expect(trail).not.toContain(secret);
    expect(trail).not.toContain(endpoint!.secret);
  });

  it('the e-mail outbox lists what was sent, without the bodies (they may hold single-use links)', async () => {
    const to = `saida-${crypto.randomUUID().slice(0, 6)}@example.com`;
    await t.database.db
      .insert(emailOutbox)
      .values({ to, subject: 'Confirme seu e-mail', text: 'https://vitrine/link-secreto', status: 'failed', error: 'SMTP recusou' });
    const outbox = await call('GET', `/api/admin/emails?search=${to}&status=failed`);
    expect(outbox.json()).toMatchObject({ total: 1, items: [{ to, subject: 'Confirme seu e-mail', status: 'failed', error: 'SMTP recusou' }] });
    expect(outbox.body).not.toContain('link-secreto');
  });

  it('sessions: lists the active ones with the current marked; a revoked session loses access on its next request', async () => {
    const email = `sessao-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const other = await createConfirmedProUser(t.app, t.database.db, email);
    expect((await call('GET', '/api/admin/sessions', other)).statusCode).toBe(200);
    const list = (await call('GET', '/api/admin/sessions?pageSize=100')).json<ListEnvelope<{ id: string; email: string; isCurrent: boolean }>>();
    expect(list.items.find((session) => session.isCurrent)?.email).toBe(adminEnv.ADMIN_EMAIL);
    const target = list.items.find((session) => session.email === email)!;
    expect(JSON.stringify(list)).not.toMatch(/"token"/);

    expect((await call('DELETE', `/api/admin/sessions/${target.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/sessions', other)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/sessions/${target.id}`)).json().error.message).toBe('Nenhum registro foi excluído');
    const trail = (await call('GET', `/api/admin/audit-log?resource=sessions&search=${target.id}`)).json<ListEnvelope<AuditEntry>>().items;
    expect(trail[0]).toMatchObject({ action: 'delete', before: { email } });
  });

  it('local titles: listed for the admin (active or not), written with an audit row; TMDB status and settings changes are visible and audited', async () => {
    const title = `Filme Local ${crypto.randomUUID().slice(0, 6)}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/media/local-titles',
      headers: { cookie: admin },
      payload: { mediaType: 'movie', title, isActive: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const listed = (await call('GET', `/api/admin/local-titles?search=${encodeURIComponent(title.toLowerCase())}`)).json<
      ListEnvelope<{ id: string; title: string; isActive: boolean }>
    >();
    expect(listed).toMatchObject({ total: 1, items: [{ title, isActive: false }] });
    const trail = (await call('GET', `/api/admin/audit-log?resource=local-titles&search=${listed.items[0]!.id}`)).json<ListEnvelope<AuditEntry>>();
    expect(trail.items[0]).toMatchObject({ action: 'create', after: { title } });

    const status = (await call('GET', '/api/admin/tmdb/status')).json<{ keyConfigured: boolean; cacheMaxEntries: number; localTitles: number }>();
    expect(status).toMatchObject({ keyConfigured: false });
    expect(status.localTitles).toBeGreaterThanOrEqual(1);

    const secret = 'chave-tmdb-secreta-1234';
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/tmdb_api_key',
      headers: { cookie: admin },
      payload: { value: secret, expectedUpdatedAt: await entryVersion(t.database.db, 'settings', 'tmdb_api_key') },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('GET', '/api/admin/tmdb/status')).json()).toMatchObject({ keyConfigured: true });
    const settingsTrail = (await call('GET', '/api/admin/audit-log?resource=settings&search=tmdb_api_key')).body;
    expect(settingsTrail).toContain('••••1234');
    expect(settingsTrail).not.toContain(secret);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/settings/tmdb_api_key', headers: { cookie: admin } })).statusCode).toBe(204);
  });
});

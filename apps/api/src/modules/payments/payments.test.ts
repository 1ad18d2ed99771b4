// PIX that confirms itself: with a PSP (a fake one speaking API Pix over HTTPS with mutual TLS on
// loopback), the chat's offer is a charge at the PSP; its notifications are never believed by
// themselves (unknown txid, forged, wrong amount, duplicate, wrong secret, PSP down); the paid payment
// reaches the conversation live, the admin's Pagamentos and the outbox. Without a PSP an admin marks it.
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryLog } from '@vitrine/domain/admin';
import type { ChatExchange } from '@vitrine/domain/chat';
import type { AdminPayment, ConversationPayment, PaymentSummary } from '@vitrine/domain/payments';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { entryVersion } from '../../../test/edit-version.ts';
import { makeCertificates, newEndToEndId, startFakePsp, type FakePsp, type TestCertificates } from '../../../test/fake-psp.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { connectSse, headOfStream, type SseClient } from '../../../test/sse.ts';
import { waitUntil } from '../../../test/wait.ts';
import { startReceiver } from '../../../test/webhook-receiver.ts';
import { auditLog, jobs, payments, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { createOutboundFetch } from '../../shared/http-client.ts';
import { anyAddress, type Resolver } from '../../shared/outbound-address.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';
import { configurePixRecipient, insertPlans, newVisitor, ORIGIN, type Visitor } from '../chat/chat.test-support.ts';
import { registerPixWebhook } from './payments.usecases.ts';
import { createPixClient } from './pix-client.ts';

let certificates: TestCertificates;
let psp: FakePsp;
let t: TestApp | undefined;

beforeAll(async () => {
  certificates = makeCertificates();
  psp = await startFakePsp(certificates);
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  psp.down = false;
});
afterAll(async () => {
  await psp.close();
  fs.rmSync(certificates.dir, { recursive: true, force: true });
});

const EVENTS_URL = 'http://127.0.0.1:9/pagamentos';

async function shop(options: {
  withPsp: boolean;
  clock?: () => Date;
  env?: Record<string, string | undefined>;
  jobs?: NonNullable<Parameters<typeof buildTestApp>[0]>['jobs'];
  outbound?: NonNullable<Parameters<typeof buildTestApp>[0]>['outbound'];
}) {
  t = await buildTestApp({
    env: { ...adminEnv, ...(options.withPsp ? psp.env() : {}), PAYMENTS_WEBHOOK_URL: EVENTS_URL, ...options.env },
    clock: options.clock,
    jobs: options.jobs,
    outbound: options.outbound,
  });
  await configurePixRecipient(t.database.db);
  await insertPlans(t.database.db, [{ name: 'Premium', monthly: 40, annual: 399.9 }]);
  return t;
}

async function buyPremiumAnnual(app: TestApp): Promise<{ visitor: Visitor; reply: ChatExchange['reply'] }> {
  const visitor = await newVisitor(app.app, { contact: true });
  const response = await visitor.say({ intent: { kind: 'plan', plan: 'Premium', period: 'annual' } });
  expect(response.statusCode, response.body).toBe(200);
  return { visitor, reply: (response.json() as ChatExchange).reply };
}

const SECRET = 'segredo-do-webhook-pix-0123456789';
const notify = (app: TestApp, body: unknown, { secret = SECRET, suffix = '/pix' } = {}) =>
  app.app.inject({ method: 'POST', url: `/api/payments/pix/webhook/${secret}${suffix}`, payload: body as Record<string, unknown> });
const pixOf = (txid: string | undefined, endToEndId: string, valor = '399.90') => ({ pix: [{ endToEndId, txid, valor, horario: '2026-11-27T03:00:00.000Z' }] });

const paymentRows = (app: TestApp) => app.database.db.select().from(payments);
const paidEvents = (app: TestApp) => app.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, 'payment.paid'));

describe('PIX with a PSP', { timeout: 120_000 }, () => {
  it('the offer is a charge at the PSP; a real notification marks it paid once, live, in Pagamentos and the outbox', async () => {
    const app = await shop({ withPsp: true });
    const { visitor, reply } = await buyPremiumAnnual(app);
    const conversationHex = visitor.conversation.id.replaceAll('-', '');

    // The charge: our amount, key and expiry; the offer shows the PSP's copia-e-cola.
    const [row] = await paymentRows(app);
    expect(row).toMatchObject({ provider: 'psp', status: 'created', amount: 399.9, kind: 'plan', conversationId: visitor.conversation.id });
    expect(row!.txid).toMatch(new RegExp(`^${conversationHex}[a-z0-9]{3}$`));
    const charge = psp.charges.get(row!.txid)!;
    expect(charge).toMatchObject({ valor: { original: '399.90' }, chave: 'pagamentos@vitrine.test', calendario: { expiracao: 3600 } });
    expect(reply.pix?.brCode).toBe(charge.pixCopiaECola);
    expect(reply.pix?.txid).toBe(row!.txid);

    // The visitor's stream of payment changes, opened before the payment arrives.
    const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await connectSse(`${address}/api/chat/conversations/${visitor.conversation.id}/payments/events`, { cookie: visitor.cookie });
    try {
      const e2e = newEndToEndId();
      psp.pay(row!.txid, { endToEndId: e2e });
      const first = await notify(app, pixOf(row!.txid, e2e));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: 1 });
      await stream.waitForEvent('payment', 20_000);
      expect(JSON.parse(stream.events.find((event) => event.event === 'payment')!.data)).toEqual({ id: row!.id });

      // The same PIX notified again (and at the address without /pix): one payment, one event.
      const again = await notify(app, pixOf(row!.txid, e2e), { suffix: '' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ received: 0 });
      const [paid] = await paymentRows(app);
      expect(paid).toMatchObject({ status: 'paid', endToEndId: e2e, manual: false });
      expect(paid!.paidAt?.toISOString()).toBe(charge.pix![0]!.horario);
      const events = await paidEvents(app);
      expect(events).toHaveLength(1);
      expect(events[0]!.payload).toMatchObject({
        type: 'payment.paid',
        data: { id: row!.id, amount: '399.90', itemName: reply.pix!.title, endToEndId: e2e, manual: false },
      });

      // The conversation reads it; another visitor cannot.
      const mine = await app.app.inject({
        method: 'GET',
        url: `/api/chat/conversations/${visitor.conversation.id}/payments`,
        headers: { cookie: visitor.cookie },
      });
      expect(mine.statusCode).toBe(200);
      expect((mine.json() as { items: ConversationPayment[] }).items).toEqual([
        expect.objectContaining({ id: row!.id, status: 'paid', amount: 399.9, itemName: reply.pix!.title, paymentIntentId: reply.pix!.paymentIntentId }),
      ]);
      const stranger = await newVisitor(app.app);
      const theirs = await app.app.inject({
        method: 'GET',
        url: `/api/chat/conversations/${visitor.conversation.id}/payments`,
        headers: { cookie: stranger.cookie },
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().error.code).toBe('chat.conversation_not_found');

      // Pagamentos: admins only, with the status, amount, item, conversation, end-to-end id and revenue.
      expect((await app.app.inject({ method: 'GET', url: '/api/admin/payments' })).statusCode).toBe(401);
      const admin = await signInAsAdmin(app.app);
      const list = await app.app.inject({ method: 'GET', url: '/api/admin/payments?status=paid', headers: { cookie: admin } });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({
        total: 1,
        items: [{ id: row!.id, status: 'paid', provider: 'psp', amount: 399.9, conversationId: visitor.conversation.id, endToEndId: e2e }],
      });
      const summary = (await app.app.inject({ method: 'GET', url: '/api/admin/payments/summary', headers: { cookie: admin } })).json() as PaymentSummary;
      expect(summary).toEqual({ paidTotal: 399.9, paidCount: 1, paidLast30Days: expect.any(Number), pendingCount: 0, pspConfigured: true });
    } finally {
      stream.close();
    }
  });

  it('never trusts a notification: wrong secret, unknown txid, forged, wrong amount and a PSP outage leave the payment unpaid', async () => {
    const app = await shop({ withPsp: true });
    const { reply } = await buyPremiumAnnual(app);
    const txid = reply.pix!.txid;

    // Wrong secret: 404 in the error shape, nothing read at the PSP.
    const reads = () => psp.requests.filter((request) => request.method === 'GET' && request.path === `/v2/cob/${txid}`).length;
    const wrong = await notify(app, pixOf(txid, newEndToEndId()), { secret: 'segredo-errado-do-webhook-0000000' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ error: { code: 'payments.webhook_not_found', message: expect.any(String) } });
    expect(reads()).toBe(0);

    // A txid nobody charged: accepted (the PSP stops retrying) and ignored.
    const unknown = await notify(app, pixOf('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', newEndToEndId()));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ received: 0 });

    // Forged: the PSP says the charge is still ATIVA.
    const forged = await notify(app, pixOf(txid, newEndToEndId()));
    expect(forged.json()).toEqual({ received: 0 });
    expect(reads()).toBe(1);

    // Wrong amount: the PSP received R$ 1,00 for a R$ 399,90 charge.
    const cheap = newEndToEndId();
    psp.pay(txid, { endToEndId: cheap, valor: '1.00' });
    expect((await notify(app, pixOf(txid, cheap, '1.00'))).json()).toEqual({ received: 0 });

    // The PSP cannot be asked: 503, so it notifies again later; then the real payment is confirmed.
    const real = newEndToEndId();
    psp.pay(txid, { endToEndId: real });
    psp.down = true;
    const outage = await notify(app, pixOf(txid, real));
    expect(outage.statusCode).toBe(503);
    expect(outage.json().error.code).toBe('payments.psp_unavailable');
    expect((await paymentRows(app))[0]).toMatchObject({ status: 'created', endToEndId: null });
    psp.down = false;
    expect((await notify(app, pixOf(txid, real))).json()).toEqual({ received: 1 });
    expect((await paymentRows(app))[0]).toMatchObject({ status: 'paid', endToEndId: real });

    // A bad body is a 400 in the error shape, never a 500.
    const bad = await notify(app, { pix: [{ txid, valor: 'muito' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();
  });

  it('the PSP down when the offer is made: the static code is offered, to be marked by hand', async () => {
    const app = await shop({ withPsp: true });
    psp.down = true;
    const { reply } = await buyPremiumAnnual(app);
    expect(reply.pix?.brCode).toContain('pagamentos@vitrine.test');
    expect((await paymentRows(app))[0]).toMatchObject({ provider: 'static', status: 'created' });
  });

  it('a PSP on a private address is not called without ALLOW_PRIVATE_WEBHOOKS=true: the static code is offered (operations.md, PIX com um PSP)', async () => {
    const calls = psp.requests.length;
    t = await buildTestApp({ env: { ...adminEnv, ...psp.env(), PAYMENTS_WEBHOOK_URL: EVENTS_URL, ALLOW_PRIVATE_WEBHOOKS: 'false' } });
    await configurePixRecipient(t.database.db);
    await insertPlans(t.database.db, [{ name: 'Premium', monthly: 40, annual: 399.9 }]);
    const { reply } = await buyPremiumAnnual(t);
    expect(reply.pix?.brCode).toContain('pagamentos@vitrine.test');
    expect((await paymentRows(t))[0]).toMatchObject({ provider: 'static', status: 'created' });
    // Neither the charge, its token nor the webhook's registration reached the PSP on 127.0.0.1.
    expect(psp.requests.length).toBe(calls);
  });
});

describe('an expired charge', { timeout: 120_000 }, () => {
  it('shows as expired and is offered again: a new charge for the same purchase, once', async () => {
    let now = new Date();
    const app = await shop({ withPsp: true, clock: () => now });
    const { visitor, reply } = await buyPremiumAnnual(app);
    const [first] = await paymentRows(app);
    const payments = async (cookie = visitor.cookie) => {
      const response = await app.app.inject({ method: 'GET', url: `/api/chat/conversations/${visitor.conversation.id}/payments`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      return (response.json() as { items: ConversationPayment[] }).items;
    };
    const renew = (paymentId: string, cookie = visitor.cookie) =>
      app.app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${visitor.conversation.id}/payments/${paymentId}/renew`,
        headers: { cookie, origin: ORIGIN },
      });

    // Still payable: no new charge.
    const early = await renew(first!.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('payments.not_expired');

    // An hour and a minute later it has expired, in the conversation and in Pagamentos.
    now = new Date(now.getTime() + 61 * 60 * 1000);
    expect(await payments()).toEqual([expect.objectContaining({ id: first!.id, status: 'expired' })]);
    const admin = await signInAsAdmin(app.app);
    const expired = await app.app.inject({ method: 'GET', url: '/api/admin/payments?status=expired&pageSize=1', headers: { cookie: admin } });
    expect(expired.json()).toMatchObject({ total: 1, pageSize: 1, items: [{ id: first!.id, status: 'expired' }] });

    // Someone else cannot renew it; its visitor gets a new charge for the same amount and purchase.
    const stranger = await newVisitor(app.app);
    expect((await renew(first!.id, stranger.cookie)).statusCode).toBe(404);
    const renewed = await renew(first!.id);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().payment as ConversationPayment;
    expect(fresh).toMatchObject({ status: 'created', amount: 399.9, itemName: reply.pix!.title, paymentIntentId: reply.pix!.paymentIntentId });
    expect(psp.charges.size).toBeGreaterThanOrEqual(2);
    const rows = await paymentRows(app);
    const second = rows.find((row) => row.id === fresh.id)!;
    expect(psp.charges.get(second.txid)?.pixCopiaECola).toBe(fresh.brCode);
    expect(rows.find((row) => row.id === first!.id)?.status).toBe('expired');
    // The old one asked again makes no third charge.
    const twice = await renew(first!.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('payments.renewed_already');
    expect(await paymentRows(app)).toHaveLength(2);
  });
});

describe('PIX without a PSP', { timeout: 120_000 }, () => {
  it('an admin marks the payment received by hand: audited, with its event; twice is a conflict', async () => {
    const app = await shop({ withPsp: false });
    const { visitor, reply } = await buyPremiumAnnual(app);
    const [row] = await paymentRows(app);
    expect(row).toMatchObject({ provider: 'static', status: 'created', brCode: reply.pix!.brCode, conversationId: visitor.conversation.id, expiresAt: null });
    // No PSP: the webhook does not exist.
    expect((await notify(app, pixOf(row!.txid, newEndToEndId()))).statusCode).toBe(404);

    const url = `/api/admin/payments/${row!.id}/received`;
    expect((await app.app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload: {} })).statusCode).toBe(401);
    const admin = await signInAsAdmin(app.app);
    const mark = (payload: Record<string, unknown>) => app.app.inject({ method: 'POST', url, headers: { cookie: admin, origin: ORIGIN }, payload });
    expect((await mark({ endToEndId: 'não vale' })).statusCode).toBe(400);
    const marked = await mark({ endToEndId: 'E00000000202611270300MANUAL0001' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json() as AdminPayment).toMatchObject({
      status: 'paid',
      manual: true,
      markedBy: adminEnv.ADMIN_EMAIL,
      endToEndId: 'E00000000202611270300MANUAL0001',
    });
    const again = await mark({});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Este pagamento já foi recebido.');

    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.resource, 'payments'));
    expect(audit).toEqual([expect.objectContaining({ action: 'update', recordId: row!.id, actorEmail: adminEnv.ADMIN_EMAIL })]);
    expect(audit[0]!.changedFields).toEqual(expect.arrayContaining(['status', 'manual', 'markedBy']));
    expect(await paidEvents(app)).toHaveLength(1);
    const summary = (await app.app.inject({ method: 'GET', url: '/api/admin/payments/summary', headers: { cookie: admin } })).json() as PaymentSummary;
    expect(summary).toMatchObject({ paidTotal: 399.9, paidCount: 1, pspConfigured: false });
    const missing = await app.app.inject({
      method: 'POST',
      url: '/api/admin/payments/00000000-0000-4000-8000-000000000000/received',
      headers: { cookie: admin, origin: ORIGIN },
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("the conversation's payment stream", { timeout: 120_000 }, () => {
  it('a HEAD answers within a second and holds none of the four places; a full conversation and a stranger get what their GET would', async () => {
    const app = await shop({ withPsp: false });
    const visitor = await newVisitor(app.app, { contact: true });
    const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/api/chat/conversations/${visitor.conversation.id}/payments/events`;
    // More HEADs than the conversation's places: before, the first one never answered and held its place.
    for (let i = 0; i < 6; i++) {
      const head = await headOfStream(url, { cookie: visitor.cookie });
      expect(head.status).toBe(200);
      expect(head.ms).toBeLessThan(1_000);
      expect(head.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    }
    const streams: SseClient[] = [];
    try {
      for (let i = 0; i < 4; i++) streams.push(await connectSse(url, { cookie: visitor.cookie }));
      expect((await headOfStream(url, { cookie: visitor.cookie })).status).toBe(429);
    } finally {
      for (const stream of streams) stream.close();
    }
    const stranger = await newVisitor(app.app);
    expect((await headOfStream(url, { cookie: stranger.cookie })).status).toBe(404);
  });
});

describe('the payments webhook', { timeout: 120_000 }, () => {
  const markReceived = async (app: TestApp, admin: string, id: string) => {
    const marked = await app.app.inject({ method: 'POST', url: `/api/admin/payments/${id}/received`, headers: { cookie: admin, origin: ORIGIN }, payload: {} });
    expect(marked.statusCode, marked.body).toBe(200);
  };
  const paymentDeliveries = async (app: TestApp, admin: string) => {
    const response = await app.app.inject({ method: 'GET', url: '/api/admin/webhook-deliveries?source=payment', headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: WebhookDeliveryLog[] }).items;
  };

  it('at an address the server will not call: the event is a failed delivery the admin sees, re-sent to the address once it is fixed', async () => {
    const hook = await startReceiver();
    try {
      // The fixed address is a name (accepted when saved); the test resolves it to the receiver on loopback.
      const resolve: Resolver = (hostname, _options, callback) =>
        hostname === 'recebedor.example.test'
          ? callback(null, [{ address: '127.0.0.1', family: 4 }])
          : callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
      const app = await shop({ withPsp: false, env: { ALLOW_PRIVATE_WEBHOOKS: 'false' }, jobs: fastJobs, outbound: { resolve, policy: anyAddress } });
      const admin = await signInAsAdmin(app.app);
      await buyPremiumAnnual(app);
      const [row] = await paymentRows(app);
      await markReceived(app, admin, row!.id);
      expect((await paymentRows(app))[0]).toMatchObject({ status: 'paid' });

      // Kept, failed, with the reason, in the admin's deliveries; nothing was sent and nothing waits.
      const [failed, ...others] = await paymentDeliveries(app, admin);
      expect(others).toEqual([]);
      expect(failed).toMatchObject({
        url: EVENTS_URL,
        event: 'payment.paid',
        source: 'payment',
        sourceId: row!.id,
        status: 'failed',
        lastError: 'O endereço 127.0.0.1 é local, privado ou reservado: webhooks só podem ir para endereços públicos.',
        attempts: [],
      });
      expect(await app.database.db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'))).toEqual([]);

      // Fixed (a public name), then re-sent: the same message, to the new address, signed with its secret.
      const fixedUrl = `http://recebedor.example.test:${hook.port}/pagamentos`;
      const saved = await app.app.inject({
        method: 'PUT',
        url: '/api/settings/payments_webhook_url',
        headers: { cookie: admin },
        payload: { value: fixedUrl, expectedUpdatedAt: await entryVersion(app.database.db, 'settings', 'payments_webhook_url') },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const resent = await app.app.inject({
        method: 'POST',
        url: `/api/admin/webhook-deliveries/${failed!.id}/resend`,
        headers: { cookie: admin, origin: ORIGIN },
      });
      expect(resent.statusCode, resent.body).toBe(202);
      expect(resent.json()).toMatchObject({ id: failed!.id, url: fixedUrl, status: 'pending' });
      const delivered = await waitUntil(
        async () => {
          const [delivery] = await paymentDeliveries(app, admin);
          return delivery?.status === 'delivered' ? delivery : undefined;
        },
        { what: 'o evento payment.paid reenviado' },
      );
      expect(delivered).toMatchObject({ url: fixedUrl, messageId: failed!.messageId, lastStatusCode: 204, lastError: null });
      expect(hook.requests).toHaveLength(1);
      const [request] = hook.requests;
      expect(request!.id).toBe(failed!.messageId);
      const [endpoint] = await app.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, fixedUrl));
      const verified = new Webhook(endpoint!.secret).verify(request!.body, request!.headers) as { type: string; data: { id: string } };
      expect(verified).toMatchObject({ type: 'payment.paid', data: { id: row!.id, status: 'paid' } });
      const [audited] = await app.database.db.select().from(auditLog).where(eq(auditLog.resource, 'webhook-deliveries'));
      expect(audited).toMatchObject({ recordId: failed!.id, before: { status: 'failed', url: EVENTS_URL }, after: { status: 'pending', url: fixedUrl } });
    } finally {
      await hook.close();
    }
  });

  it('unset: the payment is received and no event is queued, as before', async () => {
    const app = await shop({ withPsp: false, env: { PAYMENTS_WEBHOOK_URL: undefined } });
    const admin = await signInAsAdmin(app.app);
    await buyPremiumAnnual(app);
    const [row] = await paymentRows(app);
    await markReceived(app, admin, row!.id);
    expect((await paymentRows(app))[0]).toMatchObject({ status: 'paid' });
    expect(await paidEvents(app)).toEqual([]);
    expect(await paymentDeliveries(app, admin)).toEqual([]);
  });
});

describe('the webhook registered at the PSP', () => {
  it('is PUBLIC_URL + /api/payments/pix/webhook/ + the secret, for the shop key, tried again while the PSP fails; logs never show the secret', async () => {
    const fetch = createOutboundFetch({
      userAgent: 'Vitrine/teste',
      defaultTimeoutMs: 10_000,
      policy: anyAddress,
      tls: { ca: certificates.ca, cert: fs.readFileSync(certificates.clientCertFile), key: fs.readFileSync(certificates.clientKeyFile) },
    });
    try {
      const pix = createPixClient({ apiUrl: psp.apiUrl, oauthUrl: psp.oauthUrl, clientId: psp.clientId, clientSecret: psp.clientSecret, fetch });
      const lines: string[] = [];
      const logger = { info: (...args: unknown[]) => lines.push(JSON.stringify(args)), warn: (...args: unknown[]) => lines.push(JSON.stringify(args)) };
      psp.down = true;
      let waits = 0;
      const registered = await registerPixWebhook(
        {
          psp: pix,
          logger,
          shopKey: async () => 'registro@vitrine.test',
          // The PSP comes back after the second failure; no real waiting.
          wait: async () => {
            waits += 1;
            if (waits === 2) psp.down = false;
          },
        },
        { publicUrl: 'https://loja.example/', secret: 'segredo-registrado-0123456789abc', signal: new AbortController().signal },
      );
      expect(registered).toBe(true);
      expect(waits).toBe(2);
      expect(psp.webhooks.get('registro@vitrine.test')).toBe('https://loja.example/api/payments/pix/webhook/segredo-registrado-0123456789abc');
      expect(lines.join('\n')).not.toContain('segredo-registrado');
      expect(lines.join('\n')).not.toContain(psp.clientSecret);
    } finally {
      psp.down = false;
      await fetch.close();
    }
  });
});

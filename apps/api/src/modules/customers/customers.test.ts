// Customers who come back: the chat asks once for a name and a contact before the first PIX; a paid plan
// becomes a subscription (once, however often it is confirmed), renewed from Minha assinatura by a link that
// expires and can be revoked; A entregar delivers into the conversation and by e-mail; Clientes lists,
// filters, counts and exports; LGPD export and erasure; only admins reach any of it.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatExchange } from '@vitrine/domain/chat';
import {
  CONTACT_MESSAGES,
  CONTACT_REASON,
  type AdminCustomer,
  type AdminDelivery,
  type CustomerExport,
  type CustomerFigures,
  type MySubscription,
  type RenewalCharge,
  type TimelineEntry,
} from '@vitrine/domain/customers';
import type { ListEnvelope } from '@vitrine/domain/lists';
import { buildTestApp, testEnv, type TestApp } from '../../../test/app.ts';
import { createTestDatabase, testDbKind } from '../../../test/database.ts';
import { fastJobs, runQueuedJobs } from '../../../test/jobs.ts';
import { captureLogs } from '../../../test/logs.ts';
import { waitUntil } from '../../../test/wait.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import {
  auditLog,
  chatConversations,
  chatMessages,
  customers,
  deliveries,
  emailOutbox,
  jobs,
  payments,
  plans,
  renewalReminders,
  subscriptionAccessLinks,
  subscriptions,
  subscriptionTerms,
} from '../../db/schema.ts';
import { EMAIL_JOB } from '../../shared/jobs/email.job.ts';
import { createSettings, type Settings } from '../../shared/settings.ts';
import { adminEnv, createConfirmedProUser, listPro, signInAsAdmin } from '../access/access.test-support.ts';
import { configurePixRecipient, insertPlans, newVisitor, ORIGIN } from '../chat/chat.test-support.ts';
import { filesUnder, multipartBody, PNG, uploadRows } from '../uploads/uploads.test-support.ts';
import { seedCustomer as seedCustomerAt } from './customers.test-support.ts';
import { recordPaidPurchase } from './customers.usecases.ts';
import { RENEWAL_SEND_JOB, runRenewalSweep, sendRenewalReminders, type RenewalSendPayload } from './renewals.job.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** 31 January 2026, noon in São Paulo. */
const START = new Date('2026-01-31T15:00:00Z');
const DAY = 24 * 60 * 60_000;

async function shop(options: { clock?: () => Date; env?: Record<string, string>; jobs?: typeof fastJobs } = {}) {
  const t = await buildTestApp({ env: { ...adminEnv, ...options.env }, clock: options.clock, jobs: options.jobs });
  cleanups.push(() => t.close());
  await configurePixRecipient(t.database.db);
  const [premium] = await insertPlans(t.database.db, [{ name: 'Premium', monthly: 40, annual: 399.9 }]);
  return { t, premium: premium!, admin: await signInAsAdmin(t.app) };
}

const get = <T>(t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  });
const send = (t: TestApp, method: 'POST' | 'DELETE', url: string, cookie: string | undefined, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });

/** A visitor chooses Premium anual, gives a contact and gets the PIX; the admin marks it received. */
async function buyPremiumAnnual(t: TestApp, admin: string, contact = { name: 'Maria Silva', email: 'maria@exemplo.com' }) {
  const visitor = await newVisitor(t.app);
  await visitor.say({ intent: { kind: 'plan', plan: 'Premium', period: 'annual' } });
  const exchange = await visitor.giveContact(contact);
  expect(exchange.reply.pix?.value).toBe(399.9);
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.paymentIntentId, exchange.reply.pix!.paymentIntentId));
  const marked = await send(t, 'POST', `/api/admin/payments/${payment!.id}/received`, admin, {});
  expect(marked.statusCode, marked.body).toBe(200);
  return { visitor, payment: payment!, exchange };
}

async function customerRows(t: TestApp) {
  return t.database.db.select().from(customers);
}

async function accessLink(t: TestApp, admin: string, customerId: string, subscriptionId: string) {
  const response = await send(t, 'POST', `/api/admin/customers/${customerId}/access-links`, admin, { subscriptionId });
  expect(response.statusCode, response.body).toBe(201);
  const link = response.json() as { id: string; url: string };
  return { ...link, token: new URL(link.url).searchParams.get('t')! };
}

describe('the chat asks once for a name and a contact before the first PIX', { timeout: 120_000 }, () => {
  it('asks, checks what is typed in Portuguese, then offers the PIX it was about to offer; a returning customer is recognised', async () => {
    const { t } = await shop();
    const visitor = await newVisitor(t.app);
    const chose = (await visitor.say({ intent: { kind: 'plan', plan: 'Premium', period: 'annual' } })).json() as ChatExchange;
    expect(chose.reply.pix).toBeNull();
    expect(chose.reply.asksContact).toBe(true);
    expect(chose.reply.content).toContain('Plano Premium — Anual');
    expect(chose.reply.content).toContain('Para gerar o PIX de **R$ 399,90**');
    expect(chose.reply.content).toContain(CONTACT_REASON);
    expect(chose.reply.content).not.toContain('Gerei um PIX');
    expect(await t.database.db.select().from(payments)).toEqual([]);

    // What is missing or wrong, in Portuguese; still no PIX.
    const nameOnly = await visitor.ask('Maria Silva');
    expect(nameOnly.reply.content).toContain(CONTACT_MESSAGES.contactMissing);
    expect(nameOnly.reply).toMatchObject({ pix: null, asksContact: true });
    expect((await visitor.ask('Maria, 1234-56789')).reply.content).toContain(CONTACT_MESSAGES.whatsappInvalid);
    const badForm = await visitor.say({ contact: { name: 'Maria', email: 'maria@' } });
    expect(badForm.statusCode).toBe(400);
    expect(badForm.json().error.message).toContain(CONTACT_MESSAGES.emailInvalid);

    // Typed the Brazilian way: the PIX, and the customer with the WhatsApp in E.164.
    const given = await visitor.ask('Maria Silva, (11) 98765-4321');
    expect(given.reply.content).toMatch(/^Obrigado, Maria!/);
    expect(given.reply.pix?.value).toBe(399.9);
    expect(given.reply.asksContact).toBeUndefined();
    const [customer] = await customerRows(t);
    expect(customer).toMatchObject({ name: 'Maria Silva', whatsapp: '+5511987654321', email: null });
    const [conversation] = await t.database.db.select().from(chatConversations).where(eq(chatConversations.id, visitor.conversation.id));
    expect(conversation!.customerId).toBe(customer!.id);
    expect((await t.database.db.select().from(payments))[0]!.customerId).toBe(customer!.id);

    // The same visitor in a new conversation is not asked again.
    const again = await t.app.inject({ method: 'POST', url: '/api/chat/conversations', headers: { origin: ORIGIN, cookie: visitor.cookie } });
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${again.json().id}/messages`,
      headers: { origin: ORIGIN, cookie: visitor.cookie },
      payload: { intent: { kind: 'plan', plan: 'Premium', period: 'monthly' } },
    });
    expect((second.json() as ChatExchange).reply.pix?.value).toBe(40);

    // Someone else's browser with the same WhatsApp written another way, and an e-mail: the same customer, completed.
    const returning = await newVisitor(t.app);
    await returning.say({ intent: { kind: 'plan', plan: 'Premium', period: 'monthly' } });
    const recognised = await returning.giveContact({ name: 'Maria S.', whatsapp: '+55 11 98765-4321', email: 'Maria@Exemplo.com' });
    expect(recognised.reply.pix?.value).toBe(40);
    expect(await customerRows(t)).toEqual([
      expect.objectContaining({ id: customer!.id, name: 'Maria S.', whatsapp: '+5511987654321', email: 'maria@exemplo.com' }),
    ]);
  });
});

describe('every paid purchase waits in A entregar', { timeout: 120_000 }, () => {
  it("a reseller's credits attach to the reseller as a customer, with no subscription", async () => {
    const { t, admin } = await shop();
    const reseller = await newVisitor(t.app);
    expect(((await reseller.say({ intent: { kind: 'resell', credits: 100 } })).json() as ChatExchange).reply.asksContact).toBe(true);
    const offer = await reseller.giveContact({ name: 'Revenda Norte', whatsapp: '(92) 99123-4567' });
    expect(offer.reply.pix?.title).toBe('100 créditos pré-pagos');
    const [payment] = await t.database.db.select().from(payments);
    expect((await send(t, 'POST', `/api/admin/payments/${payment!.id}/received`, admin, {})).statusCode).toBe(200);
    const [customer] = await customerRows(t);
    expect(customer).toMatchObject({ name: 'Revenda Norte', whatsapp: '+5592991234567' });
    expect(await t.database.db.select().from(deliveries)).toEqual([
      expect.objectContaining({ paymentId: payment!.id, customerId: customer!.id, status: 'pending' }),
    ]);
    expect(await t.database.db.select().from(subscriptions)).toEqual([]);
  });
});

describe('a paid plan is a subscription, renewed from Minha assinatura', { timeout: 120_000 }, () => {
  it('starts today and ends a year later; confirmed twice it is extended once; renewing early extends from its end at the price of the day', async () => {
    let now = START;
    const { t, premium, admin } = await shop({ clock: () => now });
    const { payment } = await buyPremiumAnnual(t, admin);
    const [subscription] = await t.database.db.select().from(subscriptions);
    expect(subscription).toMatchObject({ planName: 'Premium', months: 12, price: 399.9, startsOn: '2026-01-31', endsOn: '2027-01-31', anchorDay: 31 });
    expect(await t.database.db.select().from(deliveries)).toEqual([expect.objectContaining({ paymentId: payment.id, status: 'pending' })]);

    // Marked again by hand: refused; recorded again (a repeated notification reaching this far): nothing more.
    expect((await send(t, 'POST', `/api/admin/payments/${payment.id}/received`, admin, {})).statusCode).toBe(409);
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(paid!.subscriptionId).toBe(subscription!.id);
    await t.database.db.transaction((tx) => recordPaidPurchase(tx, paid!, now));
    expect(await t.database.db.select().from(subscriptionTerms)).toHaveLength(1);
    expect(await t.database.db.select().from(deliveries)).toHaveLength(1);
    expect((await t.database.db.select().from(subscriptions))[0]!.endsOn).toBe('2027-01-31');

    // Minha assinatura, by a link the admin made: never cached, never indexed.
    const link = await accessLink(t, admin, subscription!.customerId, subscription!.id);
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/minha-assinatura\?t=[\w-]{43}$/);
    const page = await t.app.inject({ method: 'GET', url: `/api/my-subscription?token=${link.token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.json() as MySubscription).toMatchObject({
      customerName: 'Maria Silva',
      subscription: { planName: 'Premium', period: 'annual', endsOn: '2027-01-31', status: 'active' },
      renewal: { amount: 399.9, title: 'Plano Premium — Anual' },
      payments: [{ id: payment.id, status: 'paid', amount: 399.9 }],
      deliveries: [],
    });

    // In June the price went up; 'Renovar com PIX' charges today's price, and asking twice gives the same charge.
    now = new Date('2026-06-10T15:00:00Z');
    await t.database.db.update(plans).set({ priceAnnual: 450 }).where(eq(plans.id, premium.id));
    const renew = () => t.app.inject({ method: 'POST', url: '/api/my-subscription/renew', headers: { origin: ORIGIN }, payload: { token: link.token } });
    const first = await renew();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['x-robots-tag']).toContain('noindex');
    const charge = first.json() as RenewalCharge;
    expect(charge).toMatchObject({ amount: 450, title: 'Plano Premium — Anual', provider: 'static' });
    expect(charge.brCode).toContain('pagamentos@vitrine.test');
    expect(((await renew()).json() as RenewalCharge).paymentId).toBe(charge.paymentId);

    // Paid: the same subscription goes on from its end day, a year further.
    expect((await send(t, 'POST', `/api/admin/payments/${charge.paymentId}/received`, admin, {})).statusCode).toBe(200);
    const renewed = await t.database.db.select().from(subscriptions);
    expect(renewed).toEqual([expect.objectContaining({ id: subscription!.id, startsOn: '2027-01-31', endsOn: '2028-01-31', price: 450 })]);
    expect((await t.database.db.select().from(subscriptionTerms)).map((term) => term.kind).sort()).toEqual(['new', 'renewal']);
    const figures = await get<CustomerFigures>(t, '/api/admin/customers/figures', admin);
    expect(figures).toMatchObject({
      activeSubscriptions: 1,
      monthlyRecurringRevenue: 37.5,
      renewalsThisMonth: 1,
      cancellationsThisMonth: 0,
      pendingDeliveries: 2,
    });

    // Cancelled by the admin: no renewal offered any more.
    const cancelled = await send(t, 'POST', `/api/admin/subscriptions/${subscription!.id}/cancel`, admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await send(t, 'POST', `/api/admin/subscriptions/${subscription!.id}/cancel`, admin)).statusCode).toBe(409);
    const refused = await renew();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('customers.subscription_cancelled');
    expect((await get<CustomerFigures>(t, '/api/admin/customers/figures', admin)).cancellationsThisMonth).toBe(1);
  });

  it('a link stops working when it expires (410) or is revoked (404); a forged token opens nothing', async () => {
    let now = START;
    const { t, admin } = await shop({ clock: () => now });
    await buyPremiumAnnual(t, admin);
    const [subscription] = await t.database.db.select().from(subscriptions);
    const link = await accessLink(t, admin, subscription!.customerId, subscription!.id);
    const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/my-subscription?token=${token}` });
    expect((await open(link.token)).statusCode).toBe(200);
    expect((await open('A'.repeat(43))).json().error.code).toBe('customers.link_not_found');
    expect((await open('curto')).statusCode).toBe(400);

    // A link works until a week after the end day it is about.
    now = new Date('2027-02-07T15:00:00Z');
    expect((await open(link.token)).statusCode).toBe(200);
    now = new Date('2027-02-08T15:00:00Z');
    const expired = await open(link.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({ code: 'customers.link_expired', message: 'Este link expirou. Peça um novo link à loja.' });

    now = START;
    const other = await accessLink(t, admin, subscription!.customerId, subscription!.id);
    const detail = await get<{ accessLinks: { id: string }[] }>(t, `/api/admin/customers/${subscription!.customerId}`, admin);
    expect(detail.accessLinks.map((row) => row.id)).toEqual([other.id, link.id]);
    const revoke = () => send(t, 'DELETE', `/api/admin/customers/${subscription!.customerId}/access-links/${other.id}`, admin);
    expect((await revoke()).statusCode).toBe(204);
    expect((await open(other.token)).statusCode).toBe(404);
    expect((await revoke()).statusCode).toBe(404);
    expect((await open(link.token)).statusCode).toBe(200);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.resource, 'subscription-access-links'));
    expect(trail.map((row) => row.action).sort()).toEqual(['create', 'create', 'update']);
    expect(JSON.stringify(trail)).not.toContain(other.token);
  });
});

describe('A entregar', { timeout: 120_000 }, () => {
  it('delivers into the conversation, on Minha assinatura and by e-mail; audited and never logged', async () => {
    const logs = captureLogs();
    const database = await createTestDatabase();
    const app = await buildApp({ env: testEnv(adminEnv), database, logger: logs.logger, jobs: false, housekeeping: false });
    await app.ready();
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    const t = { app, database } as TestApp;
    await configurePixRecipient(database.db);
    await insertPlans(database.db, [{ name: 'Premium', monthly: 40, annual: 399.9 }]);
    const admin = await signInAsAdmin(app);
    const { visitor, payment } = await buyPremiumAnnual(t, admin, { name: 'João Souza', email: 'joao@exemplo.com' });

    const pending = await get<ListEnvelope<AdminDelivery>>(t, '/api/admin/deliveries', admin);
    expect(pending).toMatchObject({
      total: 1,
      items: [
        {
          paymentId: payment.id,
          status: 'pending',
          customerName: 'João Souza',
          customerHasEmail: true,
          customerEmail: 'joao@exemplo.com',
          customerWhatsapp: null,
          text: null,
        },
      ],
    });
    const id = pending.items[0]!.id;
    const deliver = (text: string) => send(t, 'POST', `/api/admin/deliveries/${id}/deliver`, admin, { text });
    const empty = await deliver('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Escreva o que o cliente recebe.');

    const secret = 'Usuário: joao77 / Senha: s3nh4-d0-4cess0';
    const delivered = await deliver(secret);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'delivered', text: secret, deliveredBy: adminEnv.ADMIN_EMAIL });
    expect((await deliver(secret)).statusCode).toBe(409);

    // In the conversation, as the assistant's message.
    const conversation = await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${visitor.conversation.id}`, headers: { cookie: visitor.cookie } });
    expect(conversation.json().messages.at(-1)).toMatchObject({ type: 'bot', content: secret });
    // By e-mail, with a Minha assinatura link that opens the delivery.
    const [mail] = await database.db.select().from(jobs).where(eq(jobs.kind, EMAIL_JOB));
    expect(mail!.payload).toMatchObject({ to: 'joao@exemplo.com', subject: 'Seu acesso: Plano Premium — Anual', personal: true });
    const text = String(mail!.payload.text);
    expect(text).toContain(secret);
    const token = /minha-assinatura\?t=([\w-]+)/.exec(text)![1]!;
    const mine = await get<MySubscription>(t, `/api/my-subscription?token=${token}`);
    expect(mine.deliveries).toEqual([expect.objectContaining({ itemName: 'Plano Premium — Anual', text: secret })]);

    // The trail says who delivered what, without the text.
    const trail = await database.db.select().from(auditLog).where(eq(auditLog.resource, 'deliveries'));
    expect(trail).toEqual([expect.objectContaining({ action: 'update', recordId: id, actorEmail: adminEnv.ADMIN_EMAIL })]);
    expect(JSON.stringify(trail)).not.toContain('s3nh4');
    // Nothing personal in the logs: not the text, the name, the e-mail or the link's token.
    const logged = logs.text();
    for (const personal of ['s3nh4-d0-4cess0', 'joao@exemplo.com', 'João Souza', token]) expect(logged).not.toContain(personal);
  });
});

const seedCustomer = (...args: Parameters<typeof seedCustomerAt>) => seedCustomerAt(args[0], args[1], args[2], args[3] ?? START);

describe('Clientes', { timeout: 120_000 }, () => {
  it('searches by name or contact, filters (ativa, vence em 7 dias, vencida, sem contato), counts and exports a pt-BR CSV', async () => {
    const now = START;
    const { t, admin } = await shop({ clock: () => now });
    const db = t.database.db;
    await seedCustomer(db, { name: 'Ana Ativa', email: 'ana@exemplo.com' }, { endsOn: '2026-06-30', months: 6, price: 240 });
    await seedCustomer(db, { name: 'Bruno Breve', whatsapp: '+5521998765432' }, { endsOn: '2026-02-05', months: 1, price: 40 });
    await seedCustomer(db, { name: 'Carla Vencida', email: 'carla@exemplo.com' }, { endsOn: '2026-01-30', months: 1, price: 40 });
    await seedCustomer(db, { name: 'Davi Sem Contato' });
    const names = async (query: string) =>
      (await get<ListEnvelope<AdminCustomer>>(t, `/api/admin/customers?${query}`, admin)).items.map((row) => row.name).sort();

    expect(await names('')).toEqual(['Ana Ativa', 'Bruno Breve', 'Carla Vencida', 'Davi Sem Contato']);
    expect(await names('search=carla')).toEqual(['Carla Vencida']);
    expect(await names(`search=${encodeURIComponent('(21) 99876')}`)).toEqual(['Bruno Breve']);
    expect(await names('filter=active')).toEqual(['Ana Ativa', 'Bruno Breve']);
    expect(await names('filter=expiring')).toEqual(['Bruno Breve']);
    expect(await names('filter=expired')).toEqual(['Carla Vencida']);
    expect(await names('filter=no_contact')).toEqual(['Davi Sem Contato']);
    const page = await get<ListEnvelope<AdminCustomer>>(t, '/api/admin/customers?pageSize=2&page=2', admin);
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    const bruno = (await get<ListEnvelope<AdminCustomer>>(t, '/api/admin/customers?search=bruno', admin)).items[0]!;
    expect(bruno.subscription).toMatchObject({ status: 'expiring', endsOn: '2026-02-05' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/customers?filter=todos', headers: { cookie: admin } })).statusCode).toBe(400);

    expect(await get<CustomerFigures>(t, '/api/admin/customers/figures', admin)).toEqual({
      activeSubscriptions: 2,
      monthlyRecurringRevenue: 80,
      renewalsThisMonth: 0,
      cancellationsThisMonth: 0,
      revenueDueNext30Days: 40,
      pendingDeliveries: 0,
    });

    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/customers/export.csv?filter=active', headers: { cookie: admin } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('clientes-2026-01-31.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Nome;WhatsApp;E-mail;Plano;Período;Situação;Vencimento;Valor do período (R$);Total pago (R$);Cliente desde');
    expect(lines.slice(1).sort()).toEqual([
      'Ana Ativa;;ana@exemplo.com;Premium;Semestral;Ativa;30/06/2026;240;0;31/01/2026',
      'Bruno Breve;(21) 99876-5432;;Premium;Mensal;Vence em breve;05/02/2026;40;0;31/01/2026',
    ]);
  });

  it("tells a customer's story newest first: conversation, payment, subscription, delivery", async () => {
    const { t, admin } = await shop({ clock: () => START });
    await buyPremiumAnnual(t, admin);
    const [customer] = await customerRows(t);
    const timeline = await get<ListEnvelope<TimelineEntry>>(t, `/api/admin/customers/${customer!.id}/timeline`, admin);
    expect(timeline.total).toBe(4);
    expect(timeline.items.map((entry) => entry.type).sort()).toEqual(['conversation', 'delivery', 'payment', 'subscription']);
    expect(timeline.items.find((entry) => entry.type === 'subscription')).toMatchObject({ title: 'Assinatura iniciada: Premium', date: '2027-01-31' });
    expect(timeline.items.find((entry) => entry.type === 'payment')).toMatchObject({ title: 'Pagamento recebido: Plano Premium — Anual', amount: 399.9 });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/customers/${customer!.id}/timeline?pageSize=1`, headers: { cookie: admin } })).json().items,
    ).toHaveLength(1);
  });
});

describe('LGPD', { timeout: 120_000 }, () => {
  it('exports everything held about a customer and erases it, the pictures and voice notes she sent included: payments stay for the books, anonymous; both audited', async () => {
    const { t, admin } = await shop({ clock: () => START });
    const { visitor, payment } = await buyPremiumAnnual(t, admin, { name: 'Paula Privada', email: 'paula@exemplo.com' });
    const [customer] = await customerRows(t);
    const [subscription] = await t.database.db.select().from(subscriptions);
    const link = await accessLink(t, admin, customer!.id, subscription!.id);

    const exported = await get<CustomerExport>(t, `/api/admin/customers/${customer!.id}/export`, admin);
    expect(exported.customer).toMatchObject({ name: 'Paula Privada', email: 'paula@exemplo.com' });
    expect(exported.payments).toEqual([expect.objectContaining({ id: payment.id, status: 'paid', amount: 399.9 })]);
    expect(exported.subscriptions).toEqual([expect.objectContaining({ endsOn: '2027-01-31' })]);
    expect(exported.conversations[0]!.messages.map((message) => message.content)).toContain('Paula Privada — paula@exemplo.com');

    // Her picture in the conversation is personal data too; another visitor's is not hers.
    const sendPicture = async (from: { conversation: { id: string }; cookie: string }) => {
      const body = await multipartBody([{ data: PNG, name: 'documento.png', type: 'image/png' }]);
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${from.conversation.id}/images`,
        headers: { ...body.headers, origin: ORIGIN, cookie: from.cookie },
        payload: body.payload,
      });
      expect(sent.statusCode, sent.body).toBe(201);
    };
    await sendPicture(visitor);
    const stranger = await newVisitor(t.app);
    await sendPicture(stranger);
    expect(await uploadRows(t.database.db)).toHaveLength(2);
    expect(filesUnder(t.env.DATA_DIR)).toHaveLength(2);

    const erase = () => send(t, 'DELETE', `/api/admin/customers/${customer!.id}`, admin);
    const erased = await erase();
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await erase()).statusCode).toBe(409);
    expect((await customerRows(t))[0]).toMatchObject({ id: customer!.id, name: null, email: null, whatsapp: null, erasedAt: expect.any(Date) });
    expect(await t.database.db.select().from(chatConversations).where(eq(chatConversations.id, visitor.conversation.id))).toEqual([]);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.conversationId, visitor.conversation.id))).toEqual([]);
    const [strangerFile] = await uploadRows(t.database.db);
    expect(strangerFile?.visitorId).not.toBeNull();
    expect(await uploadRows(t.database.db)).toHaveLength(1);
    expect(filesUnder(t.env.DATA_DIR)).toEqual([expect.stringContaining(strangerFile!.storageName)]);
    const [kept] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(kept).toMatchObject({ status: 'paid', amount: 399.9, customerId: customer!.id, conversationId: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/my-subscription?token=${link.token}` })).statusCode).toBe(404);
    expect((await get<ListEnvelope<AdminCustomer>>(t, '/api/admin/customers?search=paula', admin)).total).toBe(0);
    expect(JSON.stringify(await t.database.db.select().from(emailOutbox))).not.toContain('paula@exemplo.com');

    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, customer!.id));
    expect(trail.map((row) => [row.action, row.resource]).sort()).toEqual([
      ['create', 'customer-exports'],
      ['delete', 'customers'],
    ]);
    expect(JSON.stringify(trail)).not.toMatch(/Paula|paula@/);
  });
});

describe('only admins', { timeout: 120_000 }, () => {
  it('a visitor gets 401 and a session that is not an active PRO user 403, on every Clientes and A entregar route', async () => {
    // The runner sends the confirmation mail of the user made here.
    const { t } = await shop({ jobs: fastJobs });
    const { customer, subscription } = await seedCustomer(t.database.db, { name: 'Eva', email: 'eva@exemplo.com' }, { endsOn: '2026-12-31' });
    const email = 'ex-admin@example.com';
    const deactivated = await createConfirmedProUser(t.app, t.database.db, email);
    await listPro(t.database.db, email, false);
    const id = customer.id;
    const routes: [string, string, Record<string, unknown>?][] = [
      ['GET', '/api/admin/customers'],
      ['GET', '/api/admin/customers/figures'],
      ['GET', '/api/admin/customers/export.csv'],
      ['GET', `/api/admin/customers/${id}`],
      ['GET', `/api/admin/customers/${id}/timeline`],
      ['GET', `/api/admin/customers/${id}/export`],
      ['DELETE', `/api/admin/customers/${id}`],
      ['POST', `/api/admin/customers/${id}/access-links`, { subscriptionId: subscription!.id }],
      ['DELETE', `/api/admin/customers/${id}/access-links/${id}`],
      ['POST', `/api/admin/subscriptions/${subscription!.id}/cancel`],
      ['GET', '/api/admin/deliveries'],
      ['POST', `/api/admin/deliveries/${id}/deliver`, { text: 'acesso' }],
    ];
    for (const [method, url, payload] of routes) {
      for (const [cookie, status] of [
        [undefined, 401],
        [deactivated, 403],
      ] as const) {
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
          ...(payload ? { payload } : {}),
        });
        expect([method, url, response.statusCode]).toEqual([method, url, status]);
      }
    }
    expect((await customerRows(t))[0]).toMatchObject({ name: 'Eva', erasedAt: null });
    expect((await t.database.db.select().from(subscriptions))[0]!.cancelledAt).toBeNull();
  });
});

describe('renewal reminders', { timeout: 180_000 }, () => {
  it('two instances sweeping at once send each reminder once: days before the end, and on the end day', async () => {
    let now = START;
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const second: DatabaseHandle = testDbKind() === 'postgres' ? await openDatabase({ databaseUrl: database.url!, poolSize: 3 }) : database;
    if (second !== database) cleanups.push(() => second.close());
    const env = testEnv({ ...adminEnv, RENEWAL_REMINDER_DAYS: '5' });
    const instances: { app: FastifyInstance; handle: DatabaseHandle; settings: Settings }[] = [];
    for (const handle of [database, second]) {
      const app = await buildApp({ env, database: handle, jobs: false, housekeeping: false, clock: () => now });
      await app.ready();
      cleanups.push(() => app.close());
      instances.push({ app, handle, settings: createSettings({ db: handle.db, env }) });
    }
    const db = database.db;
    const inFive = await seedCustomer(db, { name: 'Fábio', email: 'fabio@exemplo.com' }, { endsOn: '2026-02-05' });
    const today = await seedCustomer(db, { name: 'Gabi', email: 'gabi@exemplo.com' }, { endsOn: '2026-01-31' });
    await seedCustomer(db, { name: 'Hugo', email: 'hugo@exemplo.com' }, { endsOn: '2026-02-06' });
    await seedCustomer(db, { name: 'Íris', whatsapp: '+5511912345678' }, { endsOn: '2026-02-03' });
    await seedCustomer(db, { name: 'Jonas', email: 'jonas@exemplo.com' }, { endsOn: '2026-02-02', cancelled: true });
    await seedCustomer(db, { name: 'Karen', email: 'karen@exemplo.com' }, { endsOn: '2026-01-30' });

    // Each instance sends a page's reminders with the same job payload, at once: as a job retried, or
    // taken over after its lease ran out, while the first run still goes on.
    const sendBoth = (payload: RenewalSendPayload) =>
      Promise.all(
        instances.map(({ handle, settings }) =>
          sendRenewalReminders({ db: handle.db, now, publicOrigin: 'http://localhost:3000', settings, reminderIds: payload.reminders, chunkSize: 1 }),
        ),
      );
    let sentMails = 0;
    const sweepBoth = async () => {
      const counts = await Promise.all(instances.map(({ handle }) => runRenewalSweep({ db: handle.db, now, policy: { reminderDays: 5 }, batchSize: 2 })));
      // The send jobs the pages queued, each with the ids of the reminders its page recorded.
      await runQueuedJobs<RenewalSendPayload>(db, RENEWAL_SEND_JOB, async (payload) => {
        sentMails += (await sendBoth(payload)).reduce((sum, count) => sum + count, 0);
      });
      return counts.reduce((sum, count) => sum + count, 0);
    };
    expect(await sweepBoth()).toBe(2);
    expect(sentMails).toBe(2);
    expect(await sweepBoth()).toBe(0);
    expect(sentMails).toBe(2);
    // A send job run again (retried after its run committed) sends nothing.
    const [sendJob] = await db.select().from(jobs).where(eq(jobs.kind, RENEWAL_SEND_JOB));
    expect((await sendBoth(sendJob!.payload as RenewalSendPayload)).reduce((sum, count) => sum + count, 0)).toBe(0);
    const reminders = await db.select().from(renewalReminders);
    expect(reminders.map((row) => [row.subscriptionId, row.kind, row.day]).sort()).toEqual(
      [
        [inFive.subscription!.id, 'before_end', '2026-01-31'],
        [today.subscription!.id, 'end_day', '2026-01-31'],
      ].sort(),
    );
    const mails = await db.select().from(jobs).where(eq(jobs.kind, EMAIL_JOB));
    expect(mails.map((row) => row.payload.to).sort()).toEqual(['fabio@exemplo.com', 'gabi@exemplo.com']);
    expect(await db.select().from(subscriptionAccessLinks)).toHaveLength(2);
    const fabio = mails.find((row) => row.payload.to === 'fabio@exemplo.com')!.payload;
    expect(fabio.subject).toBe('Sua assinatura Premium vence em 05/02/2026');
    expect(String(fabio.text)).toContain('Olá, Fábio!');
    expect(String(fabio.text)).toContain('(daqui a 5 dias)');
    const token = /minha-assinatura\?t=([\w-]+)/.exec(String(fabio.text))![1]!;
    const opened = await instances[1]!.app.inject({ method: 'GET', url: `/api/my-subscription?token=${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ subscription: { endsOn: '2026-02-05', status: 'expiring' }, renewal: null });

    // The next day: Hugo's turn (five days before his end), nothing new for Fábio; on Fábio's end day, his last one.
    now = new Date(now.getTime() + DAY);
    expect(await sweepBoth()).toBe(1);
    now = new Date('2026-02-05T15:00:00Z');
    expect(await sweepBoth()).toBe(1);
    expect(sentMails).toBe(4);
    expect((await db.select().from(jobs).where(eq(jobs.kind, EMAIL_JOB))).map((row) => row.payload.to).sort()).toEqual([
      'fabio@exemplo.com',
      'fabio@exemplo.com',
      'gabi@exemplo.com',
      'hugo@exemplo.com',
    ]);
    const fabios = await db.select().from(renewalReminders).where(eq(renewalReminders.subscriptionId, inFive.subscription!.id));
    expect(fabios.map((row) => [row.kind, row.day]).sort()).toEqual([
      ['before_end', '2026-01-31'],
      ['end_day', '2026-02-05'],
    ]);

    // Reminders are on the customer's timeline.
    const admin = await signInAsAdmin(instances[0]!.app);
    const timeline = await instances[0]!.app.inject({ method: 'GET', url: `/api/admin/customers/${inFive.customer.id}/timeline`, headers: { cookie: admin } });
    expect((timeline.json() as ListEnvelope<TimelineEntry>).items.map((entry) => entry.title)).toEqual([
      'Lembrete de vencimento (no dia) enviado: Premium',
      'Lembrete de renovação enviado: Premium',
    ]);
  });

  it('with RENEWAL_REMINDER_DAYS=400 and RENEWAL_CHECK_INTERVAL_MINUTES=0.2 the durable job e-mails a new annual customer at once, and checks again', async () => {
    const t = await buildTestApp({
      env: { ...adminEnv, RENEWAL_REMINDER_DAYS: '400', RENEWAL_CHECK_INTERVAL_MINUTES: '0.2' },
      jobs: fastJobs,
      housekeeping: true,
    });
    cleanups.push(() => t.close());
    const ends = new Date(Date.now() + 365 * DAY).toISOString().slice(0, 10);
    await seedCustomer(t.database.db, { name: 'Lia', email: 'lia@exemplo.com' }, { endsOn: ends, months: 12, price: 399.9 });
    // The sweep is queued at start; the runner may have run it before the row existed: the next, 12 s later, finds it.
    await waitUntil(async () => (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'lia@exemplo.com'))).length === 1, {
      timeoutMs: 60_000,
      intervalMs: 200,
      what: 'o e-mail de lembrete',
    });
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'lia@exemplo.com'));
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/minha-assinatura\?t=[\w-]{43}/);
    const waiting = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'renewals.sweep'), eq(jobs.status, 'queued')));
    expect(waiting).toHaveLength(1);
  });
});

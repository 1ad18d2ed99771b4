// A PIX bought on WhatsApp and confirmed by the bank, end to end: a fake PSP (API Pix over mutual TLS on
// loopback) makes the charge, the customer pays it, the PSP notifies the shop (twice), and the fake Graph
// API records 'Pagamento confirmado' with what was bought sent once to the same number.
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBRL } from '@vitrine/domain/money';
import { PAYMENT_CONFIRMED } from '@vitrine/domain/payment-status';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { startFakeGraph, type FakeGraph } from '../../../test/fake-graph.ts';
import { makeCertificates, newEndToEndId, startFakePsp, type FakePsp, type TestCertificates } from '../../../test/fake-psp.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { payments, whatsappContacts, whatsappOutboundMessages } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';
import { insertPlans, newVisitor, ORIGIN } from '../chat/chat.test-support.ts';
import { shown, textOf, WHATSAPP_ENV, whatsappDriver } from './whatsapp.test-support.ts';

const PREMIUM = { name: 'Premium', monthly: 40, annual: 408 };
const PSP_SECRET = 'segredo-do-webhook-pix-0123456789';

let certificates: TestCertificates;
let psp: FakePsp;
let graph: FakeGraph;
let t: TestApp;

beforeAll(async () => {
  certificates = makeCertificates();
  psp = await startFakePsp(certificates);
  graph = await startFakeGraph();
  t = await buildTestApp({
    env: {
      ...adminEnv,
      ...WHATSAPP_ENV,
      ...psp.env(),
      WHATSAPP_API_URL: graph.apiUrl,
      PIX_KEY: 'pagamentos@vitrine.test',
      PIX_RECIPIENT: 'Vitrine Streaming',
      PIX_CITY: 'Sao Paulo',
    },
    jobs: fastJobs,
  });
  await insertPlans(t.database.db, [PREMIUM]);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await graph?.close();
  await psp?.close();
  if (certificates) fs.rmSync(certificates.dir, { recursive: true, force: true });
});

const { say, settled, sentTo } = whatsappDriver(
  () => t,
  () => graph,
);

const notify = (txid: string, endToEndId: string, valor: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/pix/webhook/${PSP_SECRET}/pix`,
    payload: { pix: [{ endToEndId, txid, valor, horario: new Date().toISOString() }] },
  });

async function paymentOf(waId: string) {
  const [contact] = await t.database.db.select().from(whatsappContacts).where(eq(whatsappContacts.waId, waId));
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.conversationId, contact!.conversationId));
  return payment!;
}

const confirmations = (waId: string) => sentTo(waId).filter((call) => shown(call).includes(PAYMENT_CONFIRMED));

describe('a PIX bought on WhatsApp, with the PSP', { timeout: 60_000 }, () => {
  it("\"quero o plano premium anual\" gets the charge's code; once the bank confirms it, 'Pagamento confirmado' reaches the number once", async () => {
    const from = '5511987651001';
    const sent = await say(from, 'quero o plano premium anual');
    const payment = await paymentOf(from);
    expect(payment).toMatchObject({ provider: 'psp', status: 'created', amount: PREMIUM.annual });
    const charge = psp.charges.get(payment.txid)!;
    expect(charge.valor.original).toBe('408.00');
    // The PSP's copia-e-cola, alone in its message.
    expect(sent.map(textOf)).toContain(charge.pixCopiaECola);
    expect(confirmations(from)).toEqual([]);

    // Paid at the bank; the PSP notifies twice.
    const e2e = newEndToEndId();
    psp.pay(payment.txid, { endToEndId: e2e });
    const first = await notify(payment.txid, e2e, '408.00');
    expect(first.statusCode, first.body).toBe(200);
    const again = await notify(payment.txid, e2e, '408.00');
    expect(again.statusCode, again.body).toBe(200);
    await settled();

    const confirmed = confirmations(from);
    expect(confirmed).toHaveLength(1);
    expect(textOf(confirmed[0]!)).toBe(`*${PAYMENT_CONFIRMED}*\n${payment.itemName} · ${formatBRL(PREMIUM.annual)}`);
    expect(confirmed[0]!.body.type).toBe('text');
    const [row] = await t.database.db.select().from(whatsappOutboundMessages).where(eq(whatsappOutboundMessages.kind, 'payment_confirmed'));
    expect(row).toMatchObject({ waId: from, conversationId: payment.conversationId, status: 'accepted', waMessageId: confirmed[0]!.id });
  });

  it('a purchase made on WhatsApp and delivered from A entregar: what the customer receives reaches the number, once', async () => {
    const from = '5511987651003';
    await say(from, 'quero o plano premium anual');
    const payment = await paymentOf(from);
    const admin = await signInAsAdmin(t.app);
    const asAdmin = { origin: ORIGIN, cookie: admin };
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/payments/${payment.id}/received`, headers: asAdmin, payload: {} })).statusCode).toBe(200);
    await settled();
    const pending = await t.app.inject({ url: '/api/admin/deliveries?status=pending&pageSize=50', headers: asAdmin });
    const delivery = (pending.json() as { items: { id: string; paymentId: string; customerWhatsapp: string | null }[] }).items.find(
      (item) => item.paymentId === payment.id,
    )!;
    expect(delivery.customerWhatsapp).toBe(`+${from}`);
    const text = 'Usuário: cliente1003\nSenha: 8h2k-Q9\nApp: Vitrine TV';
    const delivered = await t.app.inject({ method: 'POST', url: `/api/admin/deliveries/${delivery.id}/deliver`, headers: asAdmin, payload: { text } });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await settled();
    const sent = sentTo(from).filter((call) => textOf(call) === text);
    expect(sent).toHaveLength(1);
    const [row] = await t.database.db.select().from(whatsappOutboundMessages).where(eq(whatsappOutboundMessages.kind, 'delivery'));
    expect(row).toMatchObject({ waId: from, conversationId: payment.conversationId, status: 'accepted', waMessageId: sent[0]!.id });
    // Delivered once: a second 'Marcar como entregue' is refused and sends nothing.
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/deliveries/${delivery.id}/deliver`, headers: asAdmin, payload: { text } });
    expect(again.statusCode).toBe(409);
    await settled();
    expect(sentTo(from).filter((call) => textOf(call) === text)).toHaveLength(1);
  });

  it("a payment an admin marks received by hand is confirmed on WhatsApp too; a web conversation's payment sends nothing there", async () => {
    const from = '5511987651002';
    await say(from, 'quero o plano premium anual');
    const payment = await paymentOf(from);
    const before = graph.sent().length;
    const admin = await signInAsAdmin(t.app);
    const markReceived = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/payments/${id}/received`, headers: { origin: ORIGIN, cookie: admin }, payload: {} });
    const marked = await markReceived(payment.id);
    expect(marked.statusCode, marked.body).toBe(200);
    await settled();
    expect(confirmations(from)).toHaveLength(1);
    // Only that message went out.
    expect(graph.sent().length).toBe(before + 1);

    // The same PIX bought at /chat: paid, and nothing goes to WhatsApp.
    const visitor = await newVisitor(t.app, { contact: true });
    const bought = await visitor.say({ intent: { kind: 'plan', plan: 'Premium', period: 'annual' } });
    expect(bought.statusCode, bought.body).toBe(200);
    const [webPayment] = await t.database.db.select().from(payments).where(eq(payments.conversationId, visitor.conversation.id));
    expect((await markReceived(webPayment!.id)).statusCode).toBe(200);
    await settled();
    expect(graph.sent().length).toBe(before + 1);
  });
});

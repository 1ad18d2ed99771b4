// The assistant on WhatsApp against a loopback fake of Meta's Graph API: the webhook's handshake and
// signature, a delivery answered once with the live price, a PIX's BR Code in a message of its own and its
// QR code as an image (uploaded to the media endpoint), status callbacks, and a Graph API that fails
// (retried, then kept as failed). One app for the file, jobs running.
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBRL } from '@vitrine/domain/money';
import { parseBrCode } from '@vitrine/domain/pix';
import { PIX_QR_CAPTION, WHATSAPP_LIMITS } from '@vitrine/domain/whatsapp';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { startFakeGraph, type FakeGraph } from '../../../test/fake-graph.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { waitUntil } from '../../../test/wait.ts';
import {
  chatConversations,
  chatMessages,
  customers,
  jobs,
  whatsappContacts,
  whatsappEarlyStatuses,
  whatsappInboundMessages,
  whatsappOutboundMessages,
} from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';
import { insertPlans, ORIGIN } from '../chat/chat.test-support.ts';
import {
  ACCESS_TOKEN,
  delivery,
  newMessageId,
  PHONE_NUMBER_ID,
  shown,
  sign,
  textOf,
  VERIFY_TOKEN,
  WHATSAPP_ENV,
  whatsappDriver,
} from './whatsapp.test-support.ts';
import { WHATSAPP_ANSWER_JOB, WHATSAPP_SEND_ATTEMPTS, WHATSAPP_WEBHOOK_LIMITS } from './whatsapp.usecases.ts';

/** The plans this file's shop sells (the annual price is the demo's). */
const PREMIUM = { name: 'Premium', monthly: 40, annual: 408 };
const BASICO = { name: 'Básico', monthly: 25 };

let t: TestApp;
let graph: FakeGraph;

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await buildTestApp({
    env: {
      ...adminEnv,
      ...WHATSAPP_ENV,
      WHATSAPP_API_URL: graph.apiUrl,
      PIX_KEY: 'pagamentos@vitrine.test',
      PIX_RECIPIENT: 'Vitrine Streaming',
      PIX_CITY: 'Sao Paulo',
    },
    jobs: fastJobs,
  });
  await insertPlans(t.database.db, [PREMIUM, BASICO]);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await graph?.close();
});

const {
  post,
  say,
  settled: whatsappSettled,
  sentTo,
} = whatsappDriver(
  () => t,
  () => graph,
);

/** The text of the QR code in a PNG. */
function readQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

// ---------------------------------------------------------------- the webhook

describe('the WhatsApp webhook', { timeout: 30_000 }, () => {
  it("answers Meta's handshake with the challenge, as plain text, only for the verify token", async () => {
    const handshake = (query: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/whatsapp/webhook', query });
    const ok = await handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');

    const refusedQueries: Record<string, string>[] = [
      { 'hub.mode': 'subscribe', 'hub.verify_token': 'outro-token-qualquer', 'hub.challenge': '1158201444' },
      { 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' },
      { 'hub.challenge': '1158201444' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '<script>alert(1)</script>' },
    ];
    for (const query of refusedQueries) {
      const refused = await handshake(query);
      expect(refused.statusCode, JSON.stringify(query)).toBe(403);
      expect(refused.json().error.code).toBe('whatsapp.verification_refused');
    }
  });

  it('refuses a delivery without a signature, with a wrong one or signed with another secret: 401, nothing stored, nothing answered', async () => {
    const from = '5511987650001';
    const body = delivery({ messages: [{ from, text: 'quanto custa o plano premium?' }] });
    const refused = [
      await post(body, null),
      await post(body, 'sha256=00'),
      await post(body, (raw) => sign(raw, 'outra-chave-secreta-0123456789')),
      await post(body, (raw) => sign(raw).replace('sha256=', 'sha1=')),
      // Signed, then changed on the way.
      await post(body, () => sign(JSON.stringify(delivery({ messages: [{ from, text: 'outra coisa' }] })))),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().error.code).toBe('whatsapp.bad_signature');
    }
    expect(await t.database.db.select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.waId, from))).toEqual([]);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, WHATSAPP_ANSWER_JOB))).toHaveLength(0);
    expect(sentTo(from)).toEqual([]);
  });

  it('refuses a signed body that is not a WhatsApp delivery: 400', async () => {
    const response = await post({ object: 'whatsapp_business_account', entry: 'não é uma lista' });
    expect(response.statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------- the conversation

describe('the assistant on WhatsApp', { timeout: 30_000 }, () => {
  it('answers "quanto custa o plano premium?" with the live price, and offers the periods as a list within WhatsApp limits', async () => {
    const from = '5511987650002';
    const sent = await say(from, 'quanto custa o plano premium?', { name: 'Maria Silva' });
    expect(sent.length).toBeGreaterThan(0);
    for (const call of sent) {
      expect(call.phoneNumberId).toBe(PHONE_NUMBER_ID);
      expect(call.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
      expect(call.body.messaging_product).toBe('whatsapp');
    }
    const whole = sent.map(shown).join('\n');
    expect(whole).toContain(formatBRL(PREMIUM.monthly));
    expect(whole).toContain('*Premium*');
    // The four periods: more than three choices go as a list.
    const choices = sent.find((call) => call.body.type === 'interactive')!;
    const interactive = choices.body.interactive as { type: string; action: { sections: { rows: { id: string; title: string }[] }[] } };
    expect(interactive.type).toBe('list');
    const rows = interactive.action.sections.flatMap((section) => section.rows);
    expect(rows.map((row) => row.id)).toEqual(['Mensal', 'Trimestral', 'Semestral', 'Anual']);
    for (const row of rows) expect(row.title.length).toBeLessThanOrEqual(WHATSAPP_LIMITS.listRowTitle);

    // The number has one conversation, on the 'whatsapp' channel, with the turn stored as /chat stores it.
    const [contact] = await t.database.db.select().from(whatsappContacts).where(eq(whatsappContacts.waId, from));
    expect(contact).toMatchObject({ profileName: 'Maria Silva' });
    const [conversation] = await t.database.db.select().from(chatConversations).where(eq(chatConversations.id, contact!.conversationId));
    expect(conversation).toMatchObject({ channel: 'whatsapp' });
    expect(conversation!.customerId).not.toBeNull();
    const stored = await t.database.db.select().from(chatMessages).where(eq(chatMessages.conversationId, contact!.conversationId));
    expect(stored.map((message) => message.type).sort()).toEqual(['bot', 'user']);

    // A tapped choice is read as its whole text: the next answer is about the annual period.
    const chosen = await say(from, '', { buttonReply: { id: 'Anual', title: 'Anual' } });
    expect(chosen.map(shown).join('\n')).toContain(formatBRL(PREMIUM.annual));
  });

  it('handles the same message id delivered twice once: one answer', async () => {
    const from = '5511987650003';
    const id = newMessageId();
    const body = delivery({ messages: [{ from, id, text: 'quanto custa o plano premium?' }] });
    const first = await post(body);
    const again = await post(body);
    expect(first.json()).toEqual({ received: 1, statuses: 0 });
    expect(again.json()).toEqual({ received: 0, statuses: 0 });
    await whatsappSettled();
    const answers = sentTo(from);
    expect(answers.filter((call) => shown(call).includes(formatBRL(PREMIUM.monthly)))).toHaveLength(1);
    expect(await t.database.db.select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.waMessageId, id))).toHaveLength(1);
  });

  it("an admin's LGPD erasure of the customer takes her WhatsApp messages, both ways, and the number's conversation with it", async () => {
    const from = '5511987650009';
    const other = '5511987650010';
    expect((await say(from, 'quanto custa o plano premium?')).length).toBeGreaterThan(0);
    expect((await say(other, 'quanto custa o plano premium?')).length).toBeGreaterThan(0);
    const [customer] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.whatsapp, `+${from}`));
    expect(customer).toBeDefined();
    const admin = await signInAsAdmin(t.app);
    const erased = await t.app.inject({ method: 'DELETE', url: `/api/admin/customers/${customer!.id}`, headers: { origin: ORIGIN, cookie: admin } });
    expect(erased.statusCode, erased.body).toBe(200);
    for (const table of [whatsappInboundMessages, whatsappOutboundMessages, whatsappContacts]) {
      expect(await t.database.db.select().from(table).where(eq(table.waId, from))).toEqual([]);
      expect((await t.database.db.select().from(table).where(eq(table.waId, other))).length).toBeGreaterThan(0);
    }
  });

  it('"quero o plano premium anual" gets the PIX: its copia-e-cola BR Code alone in a message, for the annual price, then its QR code as an image', async () => {
    const from = '5511987650004';
    const uploadsBefore = graph.uploads.length;
    const sent = await say(from, 'quero o plano premium anual');
    const [codeMessage, image] = sent.slice(-2);
    expect(codeMessage!.body.type).toBe('text');
    const code = textOf(codeMessage!);
    const parsed = parseBrCode(code);
    expect(parsed.ok, code).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.fields.get('54')).toBe(PREMIUM.annual.toFixed(2));
    expect(parsed.fields.get('26')).toContain('pagamentos@vitrine.test');
    // Before it, the answer naming the plan and the price, and its two choices as reply buttons.
    expect(sent.slice(0, -2).map(shown).join('\n')).toContain(formatBRL(PREMIUM.annual));
    const buttons = sent.find((call) => call.body.type === 'interactive')?.body.interactive as
      { type: string; action: { buttons: { reply: { title: string } }[] } } | undefined;
    expect(buttons?.type).toBe('button');
    expect(buttons!.action.buttons.length).toBeLessThanOrEqual(WHATSAPP_LIMITS.buttons);
    for (const button of buttons!.action.buttons) expect(button.reply.title.length).toBeLessThanOrEqual(WHATSAPP_LIMITS.buttonTitle);

    // After it, the QR code: a PNG uploaded to the media endpoint, then sent as an image by the id it got.
    const uploads = graph.uploads.slice(uploadsBefore);
    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload).toMatchObject({ phoneNumberId: PHONE_NUMBER_ID, authorization: `Bearer ${ACCESS_TOKEN}`, status: 200 });
    expect(upload!.fields).toEqual({ messaging_product: 'whatsapp', type: 'image/png' });
    expect(upload!.file).toMatchObject({ contentType: 'image/png', filename: 'pix-qrcode.png' });
    expect(readQr(upload!.file!.bytes)).toBe(code);
    expect(image!.body.type).toBe('image');
    expect(image!.body.image).toEqual({ id: upload!.id, caption: PIX_QR_CAPTION });

    // The stored rows say what each message was.
    const rows = await t.database.db
      .select()
      .from(whatsappOutboundMessages)
      .where(eq(whatsappOutboundMessages.waId, from))
      .orderBy(whatsappOutboundMessages.position);
    expect(rows.map((row) => row.kind).slice(-2)).toEqual(['pix_code', 'pix_qr']);
    expect(rows.at(-1)).toMatchObject({ mediaId: upload!.id, media: { kind: 'pix_qr', code } });
    expect(rows.every((row) => row.status === 'accepted')).toBe(true);
  });

  it('an upload the Graph API refuses for now is retried; the code message is not sent twice and the image goes out once the upload works', async () => {
    const from = '5511987650011';
    const uploadsBefore = graph.uploads.length;
    graph.failUploadsWith(503);
    const response = await post(delivery({ messages: [{ from, text: 'quero o plano premium anual' }] }));
    expect(response.statusCode).toBe(200);
    // The first attempt stops at the image, after the texts went out.
    await waitUntil(() => graph.uploads.length > uploadsBefore, { what: 'a primeira tentativa de envio do QR Code' });
    graph.failUploadsWith(null);
    await whatsappSettled();
    const sent = sentTo(from);
    const codes = sent.filter((call) => parseBrCode(textOf(call)).ok);
    expect(codes).toHaveLength(1);
    expect(sent.at(-1)!.body.type).toBe('image');
    const uploads = graph.uploads.slice(uploadsBefore);
    expect(uploads[0]!.status).toBe(503);
    expect(uploads.at(-1)!.status).toBe(200);
    expect((sent.at(-1)!.body.image as { id: string }).id).toBe(uploads.at(-1)!.id);
  });

  it('status callbacks move a sent message forward (sent, delivered, read), never back; a failed one is kept with why', async () => {
    const from = '5511987650005';
    const [first] = await say(from, 'quanto custa o plano premium?');
    const [second] = await say(from, 'quanto custa o plano básico?');
    const state = async (waMessageId: string) =>
      (await t.database.db.select().from(whatsappOutboundMessages).where(eq(whatsappOutboundMessages.waMessageId, waMessageId)))[0];
    const status = (id: string, value: string, errors?: unknown[]) => post(delivery({ statuses: [{ id, status: value, ...(errors ? { errors } : {}) }] }));

    expect((await status(first!.id!, 'delivered')).json()).toEqual({ received: 0, statuses: 1 });
    expect((await state(first!.id!))?.status).toBe('delivered');
    // A late 'sent' does not move it back.
    expect((await status(first!.id!, 'sent')).json()).toEqual({ received: 0, statuses: 0 });
    expect((await status(first!.id!, 'read')).json()).toEqual({ received: 0, statuses: 1 });
    expect((await state(first!.id!))?.status).toBe('read');

    await status(second!.id!, 'failed', [{ code: 131026, title: 'Message undeliverable' }]);
    expect(await state(second!.id!)).toMatchObject({ status: 'failed', lastError: '131026 Message undeliverable' });
    // An unsigned callback changes nothing.
    expect((await post(delivery({ statuses: [{ id: second!.id!, status: 'read' }] }), null)).statusCode).toBe(401);
    expect((await state(second!.id!))?.status).toBe('failed');
  });

  it('a Graph API answering 500 is retried, then the messages are kept as failed with the error', async () => {
    const from = '5511987650006';
    graph.failWith(500);
    try {
      const response = await post(delivery({ messages: [{ from, text: 'quanto custa o plano premium?' }] }));
      expect(response.statusCode).toBe(200);
      await whatsappSettled();
    } finally {
      graph.failWith(null);
    }
    // One call per attempt: each one stopped at the first message.
    expect(graph.calls.filter((call) => call.body.to === from)).toHaveLength(WHATSAPP_SEND_ATTEMPTS);
    const rows = await t.database.db.select().from(whatsappOutboundMessages).where(eq(whatsappOutboundMessages.waId, from));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.status).toBe('failed');
    const first = rows.sort((a, b) => a.position - b.position)[0]!;
    expect(first).toMatchObject({ attempts: WHATSAPP_SEND_ATTEMPTS, lastStatusCode: 500 });
    expect(first.lastError).toContain('HTTP 500');
    expect(first.lastError).not.toContain(ACCESS_TOKEN);
    // The customer's message itself was answered (the turn is in the conversation); only the send failed.
    const [inbound] = await t.database.db.select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.waId, from));
    expect(inbound?.status).toBe('answered');
  });
});

describe('hardening', { timeout: 30_000 }, () => {
  it('a status callback that arrives before its message id is stored is kept and applied once the send stores the id; one never ours is kept harmlessly', async () => {
    const from = '5511987650012';
    // The fake Graph API numbers its ids in order: the next message sent gets this one.
    const nextId = `wamid.TESTE${String(graph.sent().length + 1).padStart(6, '0')}`;
    const early = await post(
      delivery({
        statuses: [
          { id: nextId, status: 'delivered' },
          { id: nextId, status: 'read' },
        ],
      }),
    );
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toEqual({ received: 0, statuses: 0 });
    const [first] = await say(from, 'quanto custa o plano premium?');
    expect(first!.id).toBe(nextId);
    const [row] = await t.database.db.select().from(whatsappOutboundMessages).where(eq(whatsappOutboundMessages.waMessageId, nextId));
    expect(row?.status).toBe('read');
    expect(await t.database.db.select().from(whatsappEarlyStatuses).where(eq(whatsappEarlyStatuses.waMessageId, nextId))).toEqual([]);

    const stranger = await post(delivery({ statuses: [{ id: 'wamid.DE-OUTRO-APP', status: 'failed', errors: [{ code: 131047 }] }] }));
    expect(stranger.statusCode).toBe(200);
    expect(await t.database.db.select().from(whatsappEarlyStatuses).where(eq(whatsappEarlyStatuses.waMessageId, 'wamid.DE-OUTRO-APP'))).toHaveLength(1);
  });

  it("one number's messages delivered together are answered, and their answers sent, in the order they came", async () => {
    const from = '5511987650014';
    const questions = ['quanto custa o plano premium?', 'quanto custa o plano básico?', 'quanto custa o plano premium anual?'];
    const response = await post(delivery({ messages: questions.map((text) => ({ from, text })) }));
    expect(response.json()).toEqual({ received: 3, statuses: 0 });
    await whatsappSettled();
    const shownInOrder = sentTo(from).map(shown);
    const at = (words: string) => shownInOrder.findIndex((text) => text.includes(words));
    expect(at('*Premium* custa')).toBeGreaterThanOrEqual(0);
    expect(at('*Premium* custa')).toBeLessThan(at('*Básico* custa'));
    expect(at('*Básico* custa')).toBeLessThan(at('Premium — Anual'));
    // Waiting for an earlier message used up no attempt.
    const answers = await t.database.db.select().from(jobs).where(eq(jobs.kind, WHATSAPP_ANSWER_JOB));
    expect(answers.every((job) => job.status === 'succeeded')).toBe(true);
  });

  it("requests without a valid signature are limited per address (429 past the limit), and Meta's signed deliveries from that address still go through", async () => {
    const address = '203.0.113.77';
    const from = '5511987650013';
    const raw = JSON.stringify(delivery({ messages: [{ from, text: 'oi' }] }));
    const send = (signature: string | null, remoteAddress = address) =>
      t.app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        remoteAddress,
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
        payload: raw,
      });
    const statuses: number[] = [];
    for (let index = 0; index < WHATSAPP_WEBHOOK_LIMITS.invalidPerIp + 2; index += 1) statuses.push((await send(index % 2 ? null : 'sha256=00')).statusCode);
    expect(statuses.slice(0, WHATSAPP_WEBHOOK_LIMITS.invalidPerIp).every((status) => status === 401)).toBe(true);
    const refused = await send(null);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('whatsapp.too_many_invalid');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Meta's signed delivery from the same address: accepted and answered.
    const signed = await send(sign(raw));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toEqual({ received: 1, statuses: 0 });
    // Another address is not affected.
    expect((await send(null, '203.0.113.78')).statusCode).toBe(401);
    await whatsappSettled();
    expect(sentTo(from).length).toBeGreaterThan(0);
  });
});

describe('without WhatsApp configured', { timeout: 60_000 }, () => {
  it('the webhook answers 404 to the handshake and to deliveries', async () => {
    const plain = await buildTestApp();
    try {
      const handshake = await plain.app.inject({
        method: 'GET',
        url: '/api/whatsapp/webhook',
        query: { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' },
      });
      expect(handshake.statusCode).toBe(404);
      const raw = JSON.stringify(delivery({ messages: [{ from: '5511987650007', text: 'oi' }] }));
      const posted = await plain.app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
        payload: raw,
      });
      expect(posted.statusCode).toBe(404);
      expect(posted.json().error.code).toBe('whatsapp.not_configured');
    } finally {
      await plain.close();
    }
  });

  it('a WHATSAPP_API_URL on a private address is not called without ALLOW_PRIVATE_WEBHOOKS=true: the message is kept as failed, with why', async () => {
    const guarded = await buildTestApp({ env: { ...WHATSAPP_ENV, WHATSAPP_API_URL: graph.apiUrl, ALLOW_PRIVATE_WEBHOOKS: 'false' }, jobs: fastJobs });
    try {
      const from = '5511987650008';
      const raw = JSON.stringify(delivery({ messages: [{ from, text: 'oi' }] }));
      const posted = await guarded.app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
        payload: raw,
      });
      expect(posted.json()).toEqual({ received: 1, statuses: 0 });
      const rows = await waitUntil(
        async () => {
          const found = await guarded.database.db.select().from(whatsappOutboundMessages).where(eq(whatsappOutboundMessages.waId, from));
          return found.length > 0 && found.every((row) => row.status === 'failed') ? found : null;
        },
        { what: 'o envio recusado' },
      );
      expect(rows[0]!.lastError).toContain('local, privado ou reservado');
      expect(graph.calls.filter((call) => call.body.to === from)).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});

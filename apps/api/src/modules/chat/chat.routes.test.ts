import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatExchange, ChatMessage, PublicShortcut } from '@vitrine/domain/chat';
import { chatIntentMessage } from '@vitrine/domain/chat-intent';
import { parseBrCode } from '@vitrine/domain/pix';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { chatHandoffs, chatMessages, shortcuts, siteConfigurations } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';
import { filesUnder, multipartBody, PDF, PNG, pngOfSize, uploadRows } from '../uploads/uploads.test-support.ts';
import { CHAT_LIMITS } from './chat.routes.ts';
import { configurePixRecipient, DEMO_PIX, insertPlans, newVisitor, ORIGIN, type Visitor } from './chat.test-support.ts';

const MiB = 1024 * 1024;
const OPUS = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('OpusHead'), Buffer.alloc(200, 1)]);

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp({ env: adminEnv });
});
afterEach(() => t.close());

const conversationOf = async (visitor: Visitor) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${visitor.conversation.id}`, headers: { cookie: visitor.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as ChatConversation;
};

describe('the assistant answers from the live data', () => {
  it('tells the current price of the Premium plan, and the new one right after the price changes', async () => {
    await insertPlans(t.database.db, [
      { name: 'Básico', monthly: 35 },
      { name: 'Premium', monthly: 40 },
    ]);
    const visitor = await newVisitor(t.app);
    const before = await visitor.ask('quanto custa o plano premium?');
    expect(before.reply.type).toBe('bot');
    expect(before.reply.content).toContain('**Premium** custa R$ 40,00/mês');
    expect(before.reply.content).toContain('Anual: R$ 408,00/ano');

    // A plain SQL update, as another instance or a script would make it: no event, no cache hint.
    await t.database.db.execute(sql`update plans set price_monthly = 45.90 where name = 'Premium'`);
    const after = await visitor.ask('quanto custa o plano premium?');
    expect(after.reply.content).toContain('**Premium** custa R$ 45,90/mês');
    expect(after.reply.content).toContain('Anual: R$ 468,18/ano');
    expect(after.reply.content).not.toContain('R$ 40,00');
  });

  it('reads PLANOS, preço and preco alike (case, accents and plurals folded), listing only active plans', async () => {
    await insertPlans(t.database.db, [
      { name: 'Básico', monthly: 35 },
      { name: 'Premium', monthly: 40 },
      { name: 'Antigo', monthly: 20, active: false },
    ]);
    const visitor = await newVisitor(t.app);
    const answers = [];
    for (const question of ['PLANOS', 'preço', 'preco', 'Quais são os planos?']) answers.push((await visitor.ask(question)).reply.content);
    for (const answer of answers) {
      expect(answer).toBe(answers[0]);
      expect(answer).toContain('**Básico**: R$ 35,00/mês');
      expect(answer).toContain('**Premium**: R$ 40,00/mês');
      expect(answer).not.toContain('Antigo');
    }
  });

  it('records a hand-off when the visitor asks for a person, which admins read and visitors cannot', async () => {
    const visitor = await newVisitor(t.app);
    const exchange = await visitor.ask('Quero falar com um HUMANO, por favor');
    expect(exchange.reply.content).toContain('Registrei seu pedido para falar com um atendente humano');

    const stored = await t.database.db.select().from(chatHandoffs);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ conversationId: visitor.conversation.id, messageId: exchange.userMessage.id, status: 'open' });

    const asVisitor = await t.app.inject({ method: 'GET', url: '/api/chat/admin/handoffs', headers: { cookie: visitor.cookie } });
    expect(asVisitor.statusCode).toBe(401);
    const admin = await signInAsAdmin(t.app);
    const listed = await t.app.inject({ method: 'GET', url: '/api/chat/admin/handoffs', headers: { cookie: admin } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      items: [expect.objectContaining({ conversationId: visitor.conversation.id, request: 'Quero falar com um HUMANO, por favor', status: 'open' })],
      total: 1,
      page: 1,
      pageSize: 20,
    });
  });

  it('says when it does not understand, and offers suggestions', async () => {
    const visitor = await newVisitor(t.app);
    const { reply } = await visitor.ask('xablau qwerty zzz');
    expect(reply.content).toMatch(/^Desculpe, não entendi sua pergunta\./);
    expect(reply.suggestions).toEqual(['Quais são os planos?', 'Como funciona?', 'Quero revender', 'Falar com um humano']);
  });

  it('answers from the FAQ kept in site configuration', async () => {
    await t.database.db.insert(siteConfigurations).values({
      section: 'assistant',
      configKey: 'faq',
      configValue: [{ question: 'Vocês aceitam cartão de crédito?', answer: 'Por enquanto aceitamos apenas PIX.' }],
    });
    const visitor = await newVisitor(t.app);
    expect((await visitor.ask('aceitam cartao de credito?')).reply.content).toBe('Por enquanto aceitamos apenas PIX.');
  });

  it('streams the answer as server-sent events when asked to', async () => {
    await insertPlans(t.database.db, [{ name: 'Premium', monthly: 40 }]);
    const visitor = await newVisitor(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${visitor.conversation.id}/messages`,
      headers: { origin: ORIGIN, cookie: visitor.cookie, accept: 'text/event-stream' },
      payload: { text: 'quanto custa o plano premium?' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    const events = parseEvents(response.body);
    expect(events.map((event) => event.event)).toEqual(['user', 'delta', 'done']);
    expect((events[0]!.data as ChatMessage).content).toBe('quanto custa o plano premium?');
    const done = events[2]!.data as ChatMessage;
    expect((events[1]!.data as { text: string }).text).toBe(done.content);
    expect(done.content).toContain('R$ 40,00/mês');
    // What was streamed is what is stored.
    expect((await conversationOf(visitor)).messages.at(-1)).toEqual(done);
  });

  it('refuses a blank message with a clear message, writing nothing', async () => {
    const visitor = await newVisitor(t.app);
    const response = await visitor.say({ text: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Escreva uma mensagem.');
    expect(await t.database.db.select().from(chatMessages)).toHaveLength(1); // the greeting only
  });
});

describe('the contact data in the chat', () => {
  it('writes phones as tel: links and e-mails as mailto: links, so the visitor taps them', async () => {
    await t.database.db.insert(siteConfigurations).values({
      section: 'contact',
      configKey: 'channels',
      configValue: [
        { type: 'phone', label: 'Telefone', value: '+55 (11) 4000-1234' },
        { type: 'email', label: 'E-mail', value: 'contato@loja.com.br' },
        { type: 'address', label: 'Endereço', value: 'São Paulo, SP' },
      ],
    });
    const visitor = await newVisitor(t.app);
    const { reply } = await visitor.ask('qual o telefone de contato?');
    expect(reply.content).toContain('Telefone: [+55 (11) 4000-1234](tel:+551140001234)');
    expect(reply.content).toContain('E-mail: [contato@loja.com.br](mailto:contato@loja.com.br)');
    expect(reply.content).toContain('Endereço: São Paulo, SP');
  });
});

describe('from intent to payment in one conversation', () => {
  beforeEach(async () => {
    // The stored annual price is not the derived one (480 × 0.85 = 408): the offer must use the stored one.
    await insertPlans(t.database.db, [
      { name: 'Básico', monthly: 35 },
      { name: 'Premium', monthly: 40, annual: 399.9 },
    ]);
    await configurePixRecipient(t.database.db);
  });

  const fields = (brCode: string) => {
    const parsed = parseBrCode(brCode);
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.fields;
  };

  it('offers a PIX of exactly the annual price once the visitor settles on Premium and Anual, with the conversation in its txid', async () => {
    const visitor = await newVisitor(t.app, { contact: true });
    const first = await visitor.ask('quero o plano premium');
    expect(first.reply.pix).toBeNull();
    expect(first.reply.suggestions).toEqual(['Mensal', 'Trimestral', 'Semestral', 'Anual']);

    const { reply } = await visitor.ask('Anual');
    expect(reply.content).toContain('Plano Premium — Anual');
    expect(reply.pix).toMatchObject({ value: 399.9, title: 'Plano Premium — Anual', key: DEMO_PIX.key });
    const brCode = fields(reply.pix!.brCode);
    expect(brCode.get('54')).toBe('399.90');
    expect(brCode.get('59')).toBe('VITRINE STREAMING');
    expect(brCode.get('60')).toBe('SAO PAULO');
    const txid = visitor.conversation.id.replaceAll('-', '').slice(0, 25);
    expect(brCode.get('62')).toBe(`05${String(txid.length).padStart(2, '0')}${txid}`);
    expect(reply.pix!.txid).toBe(txid);

    // Stored with the conversation: the visitor sees it after a reload, admins see the intent.
    expect((await conversationOf(visitor)).messages.at(-1)?.pix).toEqual(reply.pix);
    const admin = await signInAsAdmin(t.app);
    const intents = await t.app.inject({ method: 'GET', url: '/api/chat/admin/payment-intents', headers: { cookie: admin } });
    expect(intents.json().items).toEqual([
      expect.objectContaining({ conversationId: visitor.conversation.id, kind: 'plan', period: 'annual', amount: 399.9, txid }),
    ]);
  });

  it('states the intent of a storefront button as the visitor’s message and answers it with the PIX', async () => {
    const visitor = await newVisitor(t.app, { contact: true });
    const intent = { kind: 'plan', plan: 'Premium', period: 'annual' } as const;
    const response = await visitor.say({ intent });
    expect(response.statusCode).toBe(200);
    const { userMessage, reply } = response.json() as ChatExchange;
    expect(userMessage.content).toBe(chatIntentMessage(intent));
    expect(fields(reply.pix!.brCode).get('54')).toBe('399.90');
  });

  it('offers a reseller exactly the prepaid total of the credits chosen', async () => {
    const visitor = await newVisitor(t.app, { contact: true });
    await visitor.ask('quero revender');
    const { reply } = await visitor.ask('100');
    expect(reply.content).toContain('R$ 4,00 por crédito, total de R$ 400,00');
    expect(fields(reply.pix!.brCode).get('54')).toBe('400.00');
  });

  it('offers no PIX while the shop has no PIX key, and says payment is not configured yet', async () => {
    await t.database.db.execute(sql`delete from site_configurations where section = 'settings' and config_key like 'pix_%'`);
    const visitor = await newVisitor(t.app);
    const { reply } = await visitor.say({ intent: { kind: 'plan', plan: 'Premium', period: 'annual' } }).then((r) => r.json() as ChatExchange);
    expect(reply.pix).toBeNull();
    expect(reply.content).toContain('O pagamento por PIX ainda não foi configurado pela loja.');
    expect(reply.content).toContain('fale com um atendente');
  });
});

describe('attachments', () => {
  const send = (visitor: Visitor, kind: 'images' | 'voice-notes', body: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${visitor.conversation.id}/${kind}`,
      headers: { ...body.headers, origin: ORIGIN, cookie: visitor.cookie },
      payload: body.payload,
    });

  it('refuses a “.png” that is really a PDF, by its content, and keeps nothing', async () => {
    const visitor = await newVisitor(t.app);
    const response = await send(visitor, 'images', await multipartBody([{ data: PDF, name: 'foto.png', type: 'image/png' }]));
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('Tipo de imagem não suportado. Use: JPG, PNG, GIF ou WebP');
    expect(await uploadRows(t.database.db)).toEqual([]);
    expect(filesUnder(t.env.DATA_DIR)).toEqual([]);
    expect((await conversationOf(visitor)).messages).toHaveLength(1);
  });

  it('refuses an image over 10 MB and keeps nothing', async () => {
    const visitor = await newVisitor(t.app);
    const response = await send(visitor, 'images', await multipartBody([{ data: pngOfSize(10 * MiB + 1), name: 'grande.png', type: 'image/png' }]));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('Arquivo muito grande. Tamanho máximo: 10MB');
    expect(await uploadRows(t.database.db)).toEqual([]);
    expect(filesUnder(t.env.DATA_DIR)).toEqual([]);
  });

  it('stores an image and a voice note, acknowledged by the assistant, served only to their visitor and to admins', async () => {
    const visitor = await newVisitor(t.app);
    const image = await send(visitor, 'images', await multipartBody([{ data: PNG, name: 'print.png', type: 'image/png' }]));
    expect(image.statusCode).toBe(201);
    const { userMessage, reply } = image.json() as ChatExchange;
    expect(userMessage.imageUrl).toMatch(new RegExp(`^/api/chat/conversations/${visitor.conversation.id}/files/`));
    expect(reply.content).toContain('Recebi sua imagem');

    const audio = await send(visitor, 'voice-notes', await multipartBody([{ data: OPUS, name: 'audio.ogg', type: 'audio/ogg' }]));
    expect(audio.statusCode).toBe(201);
    const audioUrl = (audio.json() as ChatExchange).userMessage.audioUrl!;

    const mine = await t.app.inject({ method: 'GET', url: userMessage.imageUrl!, headers: { cookie: visitor.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    const voice = await t.app.inject({ method: 'GET', url: audioUrl, headers: { cookie: visitor.cookie } });
    expect(voice.statusCode).toBe(200);
    expect(voice.headers['content-type']).toBe('audio/ogg; codecs=opus');
    expect(voice.headers['content-disposition']).toMatch(/^attachment/);

    const stranger = await newVisitor(t.app);
    expect((await t.app.inject({ method: 'GET', url: userMessage.imageUrl!, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: userMessage.imageUrl! })).statusCode).toBe(404);
    // Nor through the generic file route: chat files are private.
    const stored = (await uploadRows(t.database.db)).find((row) => row.bucket === 'chat-attachments')!;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/chat-attachments/${stored.storageName}`, headers: { cookie: visitor.cookie } })).statusCode,
    ).toBe(404);
    const admin = await signInAsAdmin(t.app);
    expect((await t.app.inject({ method: 'GET', url: userMessage.imageUrl!, headers: { cookie: admin } })).statusCode).toBe(200);
  });

  it('refuses a file for someone else’s conversation before reading it', async () => {
    const owner = await newVisitor(t.app);
    const stranger = await newVisitor(t.app);
    const response = await send({ ...stranger, conversation: owner.conversation }, 'images', await multipartBody([{ data: PNG, name: 'x.png' }]));
    expect(response.statusCode).toBe(404);
    expect(await uploadRows(t.database.db)).toEqual([]);
  });
});

describe('conversations belong to their visitor', () => {
  it('a visitor cannot read, write in or rate another visitor’s conversation; admins can read it', async () => {
    await insertPlans(t.database.db, [{ name: 'Premium', monthly: 40 }]);
    const a = await newVisitor(t.app);
    await a.ask('quanto custa o plano premium?');
    const b = await newVisitor(t.app);
    const url = `/api/chat/conversations/${a.conversation.id}`;

    for (const headers of [{ cookie: b.cookie }, {}, { cookie: 'vitrine_chat_visitor=forjado' }]) {
      const read = await t.app.inject({ method: 'GET', url, headers });
      expect(read.statusCode).toBe(404);
      expect(read.json().error.code).toBe('chat.conversation_not_found');
    }
    const write = await t.app.inject({ method: 'POST', url: `${url}/messages`, headers: { origin: ORIGIN, cookie: b.cookie }, payload: { text: 'oi' } });
    expect(write.statusCode).toBe(404);
    const botMessage = (await conversationOf(a)).messages.at(-1)!;
    const feedback = await t.app.inject({
      method: 'PUT',
      url: `${url}/messages/${botMessage.id}/feedback`,
      headers: { origin: ORIGIN, cookie: b.cookie },
      payload: { feedback: 'negative' },
    });
    expect(feedback.statusCode).toBe(404);
    expect((await conversationOf(a)).messages).toHaveLength(3);
    expect(botMessage.feedback).toBeNull();

    const latest = await t.app.inject({ method: 'GET', url: '/api/chat/conversations/latest', headers: { cookie: b.cookie } });
    expect((latest.json() as { conversation: ChatConversation }).conversation.id).toBe(b.conversation.id);

    const admin = await signInAsAdmin(t.app);
    const asAdmin = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(asAdmin.statusCode).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `/api/chat/admin/conversations/${a.conversation.id}`, headers: { cookie: admin } });
    expect(detail.json().messages).toHaveLength(3);
    const summaries = await t.app.inject({ method: 'GET', url: '/api/chat/admin/conversations', headers: { cookie: admin } });
    expect(summaries.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: a.conversation.id, messageCount: 3 }),
        expect.objectContaining({ id: b.conversation.id, messageCount: 1 }),
      ]),
    );
  });

  it('keeps the conversation for the visitor across reloads, and the feedback toggled on each answer', async () => {
    const visitor = await newVisitor(t.app);
    await visitor.ask('como funciona?');
    const latest = await t.app.inject({ method: 'GET', url: '/api/chat/conversations/latest', headers: { cookie: visitor.cookie } });
    const conversation = (latest.json() as { conversation: ChatConversation }).conversation;
    expect(conversation.id).toBe(visitor.conversation.id);
    expect(conversation.messages.map((message) => message.type)).toEqual(['bot', 'user', 'bot']);

    const [greeting, question, answer] = conversation.messages as [ChatMessage, ChatMessage, ChatMessage];
    const rate = (messageId: string, feedback: 'positive' | 'negative' | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/chat/conversations/${visitor.conversation.id}/messages/${messageId}/feedback`,
        headers: { origin: ORIGIN, cookie: visitor.cookie },
        payload: { feedback },
      });
    expect((await rate(answer.id, 'positive')).json().feedback).toBe('positive');
    expect((await rate(greeting.id, 'negative')).json().feedback).toBe('negative');
    expect((await rate(answer.id, null)).json().feedback).toBeNull();
    expect((await rate(answer.id, 'negative')).json().feedback).toBe('negative');
    // Only the assistant's answers are rated.
    expect((await rate(question.id, 'positive')).statusCode).toBe(404);

    const reread = await conversationOf(visitor);
    expect(reread.messages.map((message) => message.feedback)).toEqual(['negative', null, 'negative']);

    const without = await t.app.inject({ method: 'GET', url: '/api/chat/conversations/latest' });
    expect(without.json()).toEqual({ conversation: null });
  });
});

describe('rate limits', () => {
  it('refuses a visitor’s message past the limit in Portuguese, while another visitor still talks', async () => {
    const flooder = await newVisitor(t.app, { ip: '203.0.113.10' });
    for (let i = 0; i < CHAT_LIMITS.messages.perVisitor; i++) expect((await flooder.say({ text: 'oi' })).statusCode).toBe(200);
    const refused = await flooder.say({ text: 'oi' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'chat.too_many_messages',
      message: expect.stringMatching(/^Você enviou muitas mensagens seguidas\. Aguarde \d+ segundos e tente novamente\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await newVisitor(t.app, { ip: '203.0.113.11' });
    expect((await other.say({ text: 'oi' })).statusCode).toBe(200);
  });

  it('counts conversations per visitor, not per address, until the address limit', async () => {
    const ip = '203.0.113.30';
    // More new visitors than one visitor may start conversations: each one is its own count.
    for (let i = 0; i <= CHAT_LIMITS.conversations.perVisitor; i++) await newVisitor(t.app, { ip });
    const one = await newVisitor(t.app, { ip: '203.0.113.31' });
    for (let i = 1; i < CHAT_LIMITS.conversations.perVisitor; i++) {
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/chat/conversations',
        headers: { origin: ORIGIN, cookie: one.cookie },
        remoteAddress: '203.0.113.31',
      });
      expect(again.statusCode).toBe(201);
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: { origin: ORIGIN, cookie: one.cookie },
      remoteAddress: '203.0.113.31',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('chat.too_many_conversations');
  });

  it('counts per address too, so new cookies do not buy more messages', async () => {
    const ip = '203.0.113.20';
    let sent = 0;
    while (sent < CHAT_LIMITS.messages.perIp) {
      const visitor = await newVisitor(t.app, { ip });
      for (let i = 0; i < CHAT_LIMITS.messages.perVisitor && sent < CHAT_LIMITS.messages.perIp; i++, sent++) {
        expect((await visitor.say({ text: 'oi' })).statusCode).toBe(200);
      }
    }
    const fresh = await newVisitor(t.app, { ip });
    const refused = await fresh.say({ text: 'oi' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Muitas tentativas\. Aguarde \d+ segundos e tente novamente\.$/);
  });
});

describe('shortcuts', () => {
  const seedShortcuts = () =>
    t.database.db.insert(shortcuts).values([
      {
        name: 'Suporte',
        type: 'webhook',
        orderIndex: 2,
        webhookUrl: 'https://hooks.example.com/secreto',
        webhookSecret: 'whsec_segredo',
        payload: { token: 'x' },
      },
      // The shortcut's own key is not the shop's: the code always pays the shop's PIX key.
      {
        name: 'Pagar',
        type: 'pix',
        orderIndex: 1,
        pixData: { key: 'outra-pessoa@example.com', value: 35, recipient: 'Outra Pessoa', city: 'Recife', description: 'Plano Básico' },
      },
      { name: 'Inativo', type: 'pix', orderIndex: 0, active: false },
    ]);
  const list = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/chat/shortcuts' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/hooks\.example|whsec|token/);
    return response.json() as PublicShortcut[];
  };

  it('lists active shortcuts by order with the PIX BR Code of the shop’s key, never a webhook’s URL, secret or payload', async () => {
    await configurePixRecipient(t.database.db);
    await seedShortcuts();
    const shown = await list();
    expect(shown.map((shortcut) => shortcut.name)).toEqual(['Pagar', 'Suporte']);
    const pix = shown[0]!.pix!;
    const parsed = parseBrCode(pix.brCode);
    expect(parsed.ok && parsed.fields.get('54')).toBe('35.00');
    expect(parsed.ok && parsed.fields.get('26')).toContain(DEMO_PIX.key);
    expect(parsed.ok && parsed.fields.get('59')).toBe('VITRINE STREAMING');
    expect(pix).toMatchObject({ key: DEMO_PIX.key, recipient: DEMO_PIX.recipient, city: DEMO_PIX.city, value: 35, description: 'Plano Básico' });
    expect(JSON.stringify(shown)).not.toContain('outra-pessoa');
  });

  it('shows no PIX code while the shop has no PIX key', async () => {
    await seedShortcuts();
    const shown = await list();
    expect(shown[0]).toMatchObject({ name: 'Pagar', type: 'pix', pix: null });
    expect(JSON.stringify(shown)).not.toMatch(/000201|outra-pessoa/);
  });
});

function parseEvents(body: string) {
  return body
    .split('\n\n')
    .filter((frame) => frame.trim())
    .map((frame) => {
      const event = /^event: (.+)$/m.exec(frame)?.[1];
      const data = /^data: (.+)$/m.exec(frame)?.[1];
      return { event, data: data ? (JSON.parse(data) as unknown) : undefined };
    });
}

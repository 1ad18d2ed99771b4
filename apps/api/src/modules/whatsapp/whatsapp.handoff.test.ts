// Hand-off on WhatsApp: 'Falar com atendente' marks the number's conversation for a person; the assistant
// stays quiet (the customer's messages are kept for the operator) until the operator hands it back. The
// operator reads it in Conversas (channel 'whatsapp') and replies from the admin: the reply goes to the
// number through the send job, and a send that fails is shown as failed, with why. Admins only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChatConversation } from '@vitrine/domain/chat';
import { formatBRL } from '@vitrine/domain/money';
import type { TestApp } from '../../../test/app.ts';
import type { FakeGraph } from '../../../test/fake-graph.ts';
import { auditLog, whatsappContacts } from '../../db/schema.ts';
import { newVisitor, ORIGIN } from '../chat/chat.test-support.ts';
import { shown, startWhatsAppShop, stopWhatsAppShop, textOf, whatsappDriver } from './whatsapp.test-support.ts';

const PREMIUM = { name: 'Premium', monthly: 40, annual: 408 };

let graph: FakeGraph;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ graph, t, admin } = await startWhatsAppShop({ plans: [PREMIUM] }));
}, 60_000);
afterAll(() => stopWhatsAppShop({ t, graph }));

const { say, settled } = whatsappDriver(
  () => t,
  () => graph,
);

async function conversationOf(waId: string): Promise<string> {
  const [contact] = await t.database.db.select().from(whatsappContacts).where(eq(whatsappContacts.waId, waId));
  return contact!.conversationId;
}

const read = async (id: string, cookie = admin) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/chat/admin/conversations/${id}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminChatConversation;
};
const reply = (id: string, text: string, cookie: string | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/admin/conversations/${id}/replies`,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: { text },
  });
const handBack = (id: string, cookie: string | null = admin) =>
  t.app.inject({ method: 'POST', url: `/api/chat/admin/conversations/${id}/hand-back`, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });

describe('hand-off on WhatsApp', { timeout: 60_000 }, () => {
  it("'Falar com atendente' hands the conversation to a person; the assistant stays quiet until the operator hands it back", async () => {
    const from = '5511987652001';
    const asked = await say(from, 'Falar com atendente');
    expect(asked.map(shown).join('\n')).toContain('atendente humano');
    const id = await conversationOf(from);
    expect(await read(id)).toMatchObject({ channel: 'whatsapp', handledByPerson: true });

    // While a person handles it: nothing is sent, and the message waits in the conversation for them.
    expect(await say(from, 'quanto custa o plano premium?')).toEqual([]);
    const waiting = await read(id);
    expect(waiting.messages.at(-1)).toMatchObject({ type: 'user', content: 'quanto custa o plano premium?' });

    // Conversas lists it with its channel.
    const list = await t.app.inject({ method: 'GET', url: '/api/chat/admin/conversations?pageSize=100', headers: { cookie: admin } });
    const summary = (list.json() as { items: { id: string; channel: string; openHandoffs: number }[] }).items.find((item) => item.id === id);
    expect(summary).toMatchObject({ channel: 'whatsapp', openHandoffs: 1 });

    // Handed back (audited): the assistant answers again.
    const back = await handBack(id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ handledByPerson: false });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(audit.map((entry) => [entry.resource, entry.action])).toContainEqual(['chat_handoffs', 'update']);
    const answered = await say(from, 'quanto custa o plano premium?');
    expect(answered.map(shown).join('\n')).toContain(formatBRL(PREMIUM.monthly));
  });

  it("the operator's reply typed in the admin reaches the number, is kept in the conversation with its state, and makes a person handle it", async () => {
    const from = '5511987652002';
    await say(from, 'oi');
    const id = await conversationOf(from);
    expect((await read(id)).handledByPerson).toBe(false);
    const before = graph.sent().length;

    const response = await reply(id, '  Olá! Aqui é a Ana, do atendimento. Como posso ajudar?  ');
    expect(response.statusCode, response.body).toBe(201);
    await settled();
    const sent = graph.sent().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.to).toBe(from);
    expect(textOf(sent[0]!)).toBe('Olá! Aqui é a Ana, do atendimento. Como posso ajudar?');

    const conversation = await read(id);
    const message = conversation.messages.at(-1)!;
    expect(message).toMatchObject({ type: 'bot', fromOperator: true, content: 'Olá! Aqui é a Ana, do atendimento. Como posso ajudar?' });
    expect(conversation.whatsappSends.filter((send) => send.chatMessageId === message.id)).toEqual([
      expect.objectContaining({ kind: 'operator', status: 'accepted', error: null }),
    ]);
    expect(conversation.handledByPerson).toBe(true);
    // The assistant's own answers carry their message too.
    expect(conversation.whatsappSends.filter((send) => send.kind !== 'operator').every((send) => send.chatMessageId !== null)).toBe(true);
    // Quiet now: the customer's answer is for the operator.
    expect(await say(from, 'quero o plano premium')).toEqual([]);
    // Audited without the text.
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, message.id));
    expect(audit).toMatchObject({ resource: 'chat_messages', action: 'create' });
    expect(JSON.stringify(audit!.after)).not.toContain('Ana');
  });

  it('a reply the Graph API refuses is kept as failed, with why, for the operator to see', async () => {
    const from = '5511987652003';
    await say(from, 'Falar com atendente');
    const id = await conversationOf(from);
    graph.failWith(400);
    try {
      expect((await reply(id, 'Seu acesso já foi liberado.')).statusCode).toBe(201);
      await settled();
    } finally {
      graph.failWith(null);
    }
    const conversation = await read(id);
    const message = conversation.messages.at(-1)!;
    const [send] = conversation.whatsappSends.filter((entry) => entry.chatMessageId === message.id);
    expect(send).toMatchObject({ kind: 'operator', status: 'failed' });
    expect(send!.error).toContain('HTTP 400');
  });

  it('only admins reply or hand back; a web conversation is not replied to from the panel; a blank reply is refused in Portuguese', async () => {
    const from = '5511987652004';
    await say(from, 'Falar com atendente');
    const id = await conversationOf(from);
    const before = graph.calls.length;
    const visitor = await newVisitor(t.app);
    for (const cookie of [null, visitor.cookie]) {
      expect([401, 403]).toContain((await reply(id, 'oi', cookie)).statusCode);
      expect([401, 403]).toContain((await handBack(id, cookie)).statusCode);
    }
    expect((await read(id)).handledByPerson).toBe(true);

    const web = await reply(visitor.conversation.id, 'oi');
    expect(web.statusCode).toBe(409);
    expect(web.json().error.code).toBe('chat.reply_not_whatsapp');
    const blank = await reply(id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('Escreva a resposta.');
    const missing = await reply('00000000-0000-4000-8000-000000000000', 'oi');
    expect(missing.statusCode).toBe(404);
    await settled();
    expect(graph.calls.length).toBe(before);
  });
});

// WhatsApp's 24-hour customer-service window, on a clock the test moves: free-form messages go only within
// 24 hours of the customer's last message; outside it the approved template named in the admin settings
// goes in their place (once per send), or, with none set, the message is kept as not sent, with why.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChatConversation } from '@vitrine/domain/chat';
import { OUTSIDE_WINDOW_NO_TEMPLATE } from '@vitrine/domain/whatsapp';
import type { TestApp } from '../../../test/app.ts';
import type { FakeGraph } from '../../../test/fake-graph.ts';
import { whatsappContacts } from '../../db/schema.ts';
import { ORIGIN } from '../chat/chat.test-support.ts';
import { putSetting, startWhatsAppShop, stopWhatsAppShop, textOf, whatsappDriver } from './whatsapp.test-support.ts';

const HOUR = 60 * 60 * 1000;
let now = new Date();
let graph: FakeGraph;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ graph, t, admin } = await startWhatsAppShop({ plans: [{ name: 'Premium', monthly: 40, annual: 408 }], clock: () => now }));
}, 60_000);
afterAll(() => stopWhatsAppShop({ t, graph }));

const { say, settled } = whatsappDriver(
  () => t,
  () => graph,
);
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

async function conversationOf(waId: string): Promise<string> {
  const [contact] = await t.database.db.select().from(whatsappContacts).where(eq(whatsappContacts.waId, waId));
  return contact!.conversationId;
}

/** The operator replies; answers the reply's sends once the send job is done. */
async function operatorReply(id: string, text: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/chat/admin/conversations/${id}/replies`,
    headers: { origin: ORIGIN, cookie: admin },
    payload: { text },
  });
  expect(response.statusCode, response.body).toBe(201);
  await settled();
  const conversation = await readConversation(id);
  const message = conversation.messages.findLast((entry) => entry.fromOperator && entry.content === text)!;
  return conversation.whatsappSends.filter((send) => send.chatMessageId === message.id);
}

async function readConversation(id: string): Promise<AdminChatConversation> {
  const read = await t.app.inject({ method: 'GET', url: `/api/chat/admin/conversations/${id}`, headers: { cookie: admin } });
  return read.json() as AdminChatConversation;
}

const setSetting = (key: string, value: string) => putSetting(t, admin, key, value);

describe("WhatsApp's 24-hour window", { timeout: 60_000 }, () => {
  it('free-form within 24 hours of the last message; after it, without a template, kept as not sent with why; with one, the template goes instead', async () => {
    const from = '5511987653001';
    await say(from, 'oi');
    const id = await conversationOf(from);

    // 23 h 59 min later: still within the window.
    later(24 * HOUR - 60_000);
    let before = graph.calls.length;
    expect(await operatorReply(id, 'Ainda dentro da janela.')).toEqual([expect.objectContaining({ status: 'accepted', template: null })]);
    expect(textOf(graph.calls.at(-1)!)).toBe('Ainda dentro da janela.');

    // Past 24 hours, no template: nothing goes, and the operator sees why.
    later(2 * 60_000);
    before = graph.calls.length;
    expect(await operatorReply(id, 'Fora da janela.')).toEqual([expect.objectContaining({ status: 'failed', error: OUTSIDE_WINDOW_NO_TEMPLATE })]);
    expect(graph.calls.length).toBe(before);

    // With the template set in the admin: it goes in place of the reply.
    expect((await setSetting('whatsapp_template_name', 'retomar_atendimento')).statusCode).toBe(200);
    expect((await setSetting('whatsapp_template_language', 'pt_BR')).statusCode).toBe(200);
    const bad = await setSetting('whatsapp_template_name', 'Nome Com Espaço');
    expect(bad.statusCode).toBe(400);
    before = graph.calls.length;
    const sends = await operatorReply(id, 'Seu acesso foi liberado.');
    const sent = graph.calls.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ to: from, type: 'template', template: { name: 'retomar_atendimento', language: { code: 'pt_BR' } } });
    expect(sends).toEqual([expect.objectContaining({ status: 'accepted', template: 'retomar_atendimento', error: null })]);

    // Both wait for the customer: the operator sees that they go when the customer writes again.
    let read = await readConversation(id);
    expect(read.whatsappSends.filter((send) => send.kind === 'operator').map((send) => [send.status, send.held])).toEqual([
      ['accepted', false],
      ['failed', true],
      ['accepted', true],
    ]);

    // The customer writes again: the window opens again from that message, and what was held goes first, in order.
    const answered = await say(from, 'voltei');
    // (The operator's replies made the conversation a person's: the assistant stays quiet.)
    expect(answered.map(textOf)).toEqual(['Fora da janela.', 'Seu acesso foi liberado.']);
    read = await readConversation(id);
    expect(read.whatsappSends.filter((send) => send.kind === 'operator').map((send) => [send.status, send.held])).toEqual([
      ['accepted', false],
      ['accepted', false],
      ['accepted', false],
    ]);
    // Once: the next message releases nothing more.
    expect((await say(from, 'obrigado')).map(textOf)).not.toContain('Seu acesso foi liberado.');
    before = graph.calls.length;
    expect(await operatorReply(id, 'Que bom!')).toEqual([expect.objectContaining({ status: 'accepted', template: null })]);
    expect(graph.calls.slice(before).map((call) => call.body.type)).toEqual(['text']);
  });

  it('a message held for more than 7 days is not sent when the customer writes again', async () => {
    const from = '5511987653002';
    await say(from, 'oi');
    const id = await conversationOf(from);
    later(25 * HOUR);
    expect(await operatorReply(id, 'Mensagem antiga.')).toEqual([expect.objectContaining({ status: 'accepted', template: 'retomar_atendimento', held: true })]);
    later(7 * 24 * HOUR + HOUR);
    expect((await say(from, 'voltei')).map(textOf)).not.toContain('Mensagem antiga.');
  });
});

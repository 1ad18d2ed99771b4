// Images and voice notes a customer sends on WhatsApp: downloaded from the Graph API (GET /{media-id}, then
// its URL, both with the token), stored like /chat's files (same buckets, types and sizes, in the number's
// name), kept in the conversation and shown to the operator; a file of the wrong type is answered with why.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChatConversation } from '@vitrine/domain/chat';
import { CHAT_IMAGE_TYPE_NOT_SUPPORTED } from '@vitrine/domain/chat-text';
import type { TestApp } from '../../../test/app.ts';
import type { FakeGraph } from '../../../test/fake-graph.ts';
import { uploads, whatsappContacts, whatsappInboundMessages } from '../../db/schema.ts';
import { ACCESS_TOKEN, delivery, shown, startWhatsAppShop, stopWhatsAppShop, whatsappDriver } from './whatsapp.test-support.ts';
import { pixQrPng, whatsappVisitorId } from './whatsapp.usecases.ts';

const OPUS = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from('OpusHead'), Buffer.alloc(200, 1)]);

let graph: FakeGraph;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ graph, t, admin } = await startWhatsAppShop({ plans: [{ name: 'Premium', monthly: 40 }] }));
}, 60_000);
afterAll(() => stopWhatsAppShop({ t, graph }));

const { post, settled, say, sentTo } = whatsappDriver(
  () => t,
  () => graph,
);

/** The customer sends a file; answers what went back to the number. */
async function sendFile(from: string, type: 'image' | 'audio', bytes: Buffer, mimeType: string) {
  const id = graph.addMedia(bytes, mimeType, ACCESS_TOKEN);
  const before = sentTo(from).length;
  const response = await post(delivery({ messages: [{ from, media: { type, id, mimeType, voice: type === 'audio' } }] }));
  expect(response.statusCode, response.body).toBe(200);
  await settled();
  return { id, sent: sentTo(from).slice(before) };
}

async function adminConversation(waId: string): Promise<AdminChatConversation> {
  const [contact] = await t.database.db.select().from(whatsappContacts).where(eq(whatsappContacts.waId, waId));
  const response = await t.app.inject({ method: 'GET', url: `/api/chat/admin/conversations/${contact!.conversationId}`, headers: { cookie: admin } });
  return response.json() as AdminChatConversation;
}

describe('images and voice notes on WhatsApp', { timeout: 60_000 }, () => {
  it("an image is downloaded with the token, stored like /chat's, acknowledged, and the operator opens it in Conversas", async () => {
    const from = '5511987654001';
    const png = Buffer.from(await pixQrPng('uma imagem qualquer'));
    const downloadsBefore = graph.downloads.length;
    const { id, sent } = await sendFile(from, 'image', png, 'image/png');

    const downloads = graph.downloads.slice(downloadsBefore);
    expect(downloads.map((download) => download.path)).toEqual([`/v21.0/${id}`, `/lookaside/${id}`]);
    for (const download of downloads) expect(download.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(sent.map(shown).join('\n')).toContain('Recebi sua imagem');

    const [stored] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.visitorId, whatsappVisitorId(from)));
    expect(stored).toMatchObject({ bucket: 'chat-attachments', contentType: 'image/png', sizeBytes: png.length });

    const conversation = await adminConversation(from);
    const message = conversation.messages.find((entry) => entry.imageUrl !== null)!;
    expect(message.type).toBe('user');
    const file = await t.app.inject({ method: 'GET', url: message.imageUrl!, headers: { cookie: admin } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    // Nobody else opens it.
    expect((await t.app.inject({ method: 'GET', url: message.imageUrl! })).statusCode).toBe(404);
  });

  it('a voice note is stored in the audio bucket and acknowledged; while a person handles the conversation it is kept without an answer', async () => {
    const from = '5511987654002';
    const { sent } = await sendFile(from, 'audio', OPUS, 'audio/ogg; codecs=opus');
    expect(sent.map(shown).join('\n')).toContain('Recebi seu áudio');
    expect((await adminConversation(from)).messages.filter((entry) => entry.audioUrl !== null)).toHaveLength(1);

    await say(from, 'Falar com atendente');
    const quiet = await sendFile(from, 'audio', OPUS, 'audio/ogg');
    expect(quiet.sent).toEqual([]);
    expect((await adminConversation(from)).messages.filter((entry) => entry.audioUrl !== null)).toHaveLength(2);
    const stored = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.visitorId, whatsappVisitorId(from)));
    expect(stored.map((row) => row.bucket)).toEqual(['chat-audio', 'chat-audio']);
  });

  it("a file that is not an image /chat accepts is refused with the chat's words, and nothing is stored", async () => {
    const from = '5511987654003';
    const { sent } = await sendFile(from, 'image', Buffer.from('isto não é uma imagem, é texto'), 'image/png');
    expect(sent.map(shown)).toEqual([CHAT_IMAGE_TYPE_NOT_SUPPORTED]);
    expect(
      await t.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.visitorId, whatsappVisitorId(from))),
    ).toEqual([]);
    const [inbound] = await t.database.db.select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.waId, from));
    expect(inbound?.status).toBe('answered');
  });
});

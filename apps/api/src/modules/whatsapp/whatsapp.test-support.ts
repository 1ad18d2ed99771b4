// What WhatsApp's tests share: the app's WHATSAPP_* values, deliveries signed as Meta signs them, and a
// driver that posts them to one app and waits until their answers have gone out to the fake Graph API.
import { createHmac } from 'node:crypto';
import { and, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import type { FakeGraph, GraphCall } from '../../../test/fake-graph.ts';
import { waitUntil } from '../../../test/wait.ts';
import { jobs } from '../../db/schema.ts';
import { WHATSAPP_ANSWER_JOB, WHATSAPP_SEND_JOB } from './whatsapp.usecases.ts';

export const PHONE_NUMBER_ID = '106540352242922';
export const APP_SECRET = 'chave-secreta-do-app-0123456789';
export const VERIFY_TOKEN = 'verifica-o-webhook-0123';
export const ACCESS_TOKEN = 'EAAG-token-de-acesso-de-teste-0123456789';
export const WHATSAPP_ENV = {
  WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
  WHATSAPP_ACCESS_TOKEN: ACCESS_TOKEN,
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
};

let nextMessage = 0;
/** A message id as Meta makes them, new for each call. */
export const newMessageId = () => `wamid.ENTRADA${String(++nextMessage).padStart(6, '0')}`;

export interface Incoming {
  from: string;
  id?: string;
  text?: string;
  name?: string;
  /** A reply button the customer tapped: its id (the whole choice) and title. */
  buttonReply?: { id: string; title: string };
  /** An image or a voice note: Meta's media id and type (no text). */
  media?: { type: 'image' | 'audio'; id: string; mimeType: string; voice?: boolean };
}

export function delivery({ messages = [], statuses = [] }: { messages?: Incoming[]; statuses?: { id: string; status: string; errors?: unknown[] }[] }) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5511900000000', phone_number_id: PHONE_NUMBER_ID },
              contacts: messages.map((message) => ({ profile: { name: message.name ?? 'Cliente Teste' }, wa_id: message.from })),
              messages: messages.map((message) => ({
                from: message.from,
                id: message.id ?? newMessageId(),
                timestamp: '1760000000',
                ...(message.buttonReply
                  ? { type: 'interactive', interactive: { type: 'button_reply', button_reply: message.buttonReply } }
                  : message.media
                    ? {
                        type: message.media.type,
                        [message.media.type]: {
                          id: message.media.id,
                          mime_type: message.media.mimeType,
                          ...(message.media.voice ? { voice: true } : {}),
                        },
                      }
                    : { type: 'text', text: { body: message.text ?? '' } }),
              })),
              statuses: statuses.map((status) => ({ ...status, timestamp: '1760000001', recipient_id: '5511987650000' })),
            },
          },
        ],
      },
    ],
  };
}

export const sign = (raw: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

export const sentTo = (graph: FakeGraph, waId: string) => graph.sent().filter((call) => call.body.to === waId);
export const textOf = (call: GraphCall) => call.body.text?.body ?? '';
/** What the customer reads in a message: a text's body, or the text above an interactive message's choices. */
export const shown = (call: GraphCall) => call.body.text?.body ?? (call.body.interactive as { body?: { text?: string } } | undefined)?.body?.text ?? '';

/** Posts deliveries to one app as Meta does, and waits for WhatsApp's jobs. */
export function whatsappDriver(app: () => TestApp, graph: () => FakeGraph) {
  /** POSTs a delivery: the exact bytes signed (or the signature given, or none). */
  const post = (body: unknown, signature: string | null | ((raw: string) => string) = (raw) => sign(raw)) => {
    const raw = JSON.stringify(body);
    const header = typeof signature === 'function' ? signature(raw) : signature;
    return app().app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'x-hub-signature-256': header }) },
      payload: raw,
    });
  };

  /** Until every WhatsApp job queued so far has finished (answered and sent, or given up on). */
  const settled = async () => {
    await waitUntil(
      async () =>
        (
          await app()
            .database.db.select({ id: jobs.id })
            .from(jobs)
            .where(and(inArray(jobs.kind, [WHATSAPP_ANSWER_JOB, WHATSAPP_SEND_JOB]), inArray(jobs.status, ['queued', 'running'])))
        ).length === 0,
      { what: 'as tarefas do WhatsApp' },
    );
  };

  /** Sends a signed text from `from` and waits until its whole answer has gone out; returns the messages sent to that number by it. */
  const say = async (from: string, text: string, extra: Partial<Incoming> = {}) => {
    const before = sentTo(graph(), from).length;
    const response = await post(delivery({ messages: [{ from, text, ...extra }] }));
    expect(response.statusCode, response.body).toBe(200);
    await settled();
    return sentTo(graph(), from).slice(before);
  };

  return { post, settled, say, sentTo: (waId: string) => sentTo(graph(), waId) };
}

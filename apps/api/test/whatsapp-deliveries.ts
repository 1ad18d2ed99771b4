// Meta's webhook deliveries for tests and benchmarks (no test runner needed): the app's WHATSAPP_* values,
// a delivery's body as Meta sends it, and its X-Hub-Signature-256.
import { createHmac } from 'node:crypto';

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

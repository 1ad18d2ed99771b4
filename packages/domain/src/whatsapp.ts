// The WhatsApp Business Platform's Cloud API as Vitrine uses it: what Meta delivers to the webhook
// (messages and status callbacks, checked and bounded), and the messages the assistant sends back —
// text, reply buttons and lists within WhatsApp's limits, and a PIX code in a message of its own.
import { z } from 'zod';
import { formatBRL } from './money.ts';
import { PAYMENT_CONFIRMED } from './payment-status.ts';

/** WhatsApp's limits on what is sent (Cloud API reference, "Messages"). */
export const WHATSAPP_LIMITS = {
  textBody: 4096,
  interactiveBody: 1024,
  buttons: 3,
  buttonTitle: 20,
  listRows: 10,
  listRowTitle: 24,
  listRowDescription: 72,
  listButton: 20,
  replyId: 256,
} as const;

/** What Meta's webhook delivers at most in one request, per level (its batches are far smaller). */
export const WHATSAPP_WEBHOOK_BOUNDS = { entries: 100, changes: 100, messages: 100, statuses: 1000, contacts: 100 } as const;

// ---------------------------------------------------------------- the webhook's body

/** A number as WhatsApp writes it (wa_id): the country code and the number, digits only. */
export const waIdSchema = z.string().regex(/^\d{6,20}$/, 'Número do WhatsApp inválido');
const messageIdSchema = z.string().min(1).max(256);

const inboundMessageSchema = z.looseObject({
  id: messageIdSchema,
  from: waIdSchema,
  timestamp: z.string().max(20).optional(),
  type: z.string().min(1).max(40),
  text: z.looseObject({ body: z.string().max(WHATSAPP_LIMITS.textBody) }).optional(),
  interactive: z
    .looseObject({
      type: z.string().max(40),
      button_reply: z.looseObject({ id: z.string().max(WHATSAPP_LIMITS.replyId), title: z.string().max(100) }).optional(),
      list_reply: z.looseObject({ id: z.string().max(WHATSAPP_LIMITS.replyId), title: z.string().max(100) }).optional(),
    })
    .optional(),
  // An image or a voice note (audio): Meta's media id, downloaded by the server.
  image: z.looseObject({ id: messageIdSchema, mime_type: z.string().max(200).optional() }).optional(),
  audio: z.looseObject({ id: messageIdSchema, mime_type: z.string().max(200).optional(), voice: z.boolean().optional() }).optional(),
  // A template's quick-reply button.
  button: z.looseObject({ text: z.string().max(WHATSAPP_LIMITS.replyId), payload: z.string().max(WHATSAPP_LIMITS.replyId).optional() }).optional(),
});
export type WhatsAppInboundMessage = z.infer<typeof inboundMessageSchema>;

export const WHATSAPP_DELIVERY_STATES = ['sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppDeliveryState = (typeof WHATSAPP_DELIVERY_STATES)[number];

const statusSchema = z.looseObject({
  id: messageIdSchema,
  // Other states Meta may add are accepted and ignored.
  status: z.string().max(40),
  timestamp: z.string().max(20).optional(),
  recipient_id: z.string().max(40).optional(),
  errors: z
    .array(z.looseObject({ code: z.number().optional(), title: z.string().max(500).optional(), message: z.string().max(500).optional() }))
    .max(10)
    .optional(),
});
export type WhatsAppStatus = z.infer<typeof statusSchema>;

const changeValueSchema = z.looseObject({
  messaging_product: z.string().max(40).optional(),
  metadata: z.looseObject({ phone_number_id: z.string().max(40), display_phone_number: z.string().max(40).optional() }).optional(),
  contacts: z
    .array(z.looseObject({ wa_id: z.string().max(40), profile: z.looseObject({ name: z.string().max(200).optional() }).optional() }))
    .max(WHATSAPP_WEBHOOK_BOUNDS.contacts)
    .optional(),
  messages: z.array(inboundMessageSchema).max(WHATSAPP_WEBHOOK_BOUNDS.messages).optional(),
  statuses: z.array(statusSchema).max(WHATSAPP_WEBHOOK_BOUNDS.statuses).optional(),
});

/** One delivery to the webhook: entries (one per business account) of changes, each with messages and/or statuses. */
export const whatsappWebhookSchema = z.looseObject({
  object: z.string().max(100),
  entry: z
    .array(
      z.looseObject({
        id: z.string().max(100).optional(),
        changes: z.array(z.looseObject({ field: z.string().max(100), value: changeValueSchema })).max(WHATSAPP_WEBHOOK_BOUNDS.changes),
      }),
    )
    .max(WHATSAPP_WEBHOOK_BOUNDS.entries),
});
export type WhatsAppWebhook = z.infer<typeof whatsappWebhookSchema>;

/** A message as the assistant reads it. */
export interface InboundMessage {
  id: string;
  waId: string;
  /** The sender's profile name, when Meta gives one. */
  profileName: string | null;
  /** 'text', 'interactive', 'button', or a kind not read yet ('image', 'audio'...). */
  type: string;
  /** What the customer wrote or chose; null for kinds the assistant does not read yet. */
  text: string | null;
  /** An image or a voice note the customer sent (downloaded from the Graph API by its id). */
  media: InboundMedia | null;
}

/** An image or a voice note received: stored like /chat's (same types, sizes, quotas, retention). */
export interface InboundMedia {
  kind: 'image' | 'audio';
  id: string;
  mimeType: string | null;
}

export interface DeliveryStatus {
  messageId: string;
  state: WhatsAppDeliveryState;
  /** Meta's reason, for a failed one. */
  error: string | null;
}

/** The messages and statuses of a delivery meant for `phoneNumberId` (a business may have several numbers on one app). */
export function readWebhook(body: WhatsAppWebhook, phoneNumberId: string): { messages: InboundMessage[]; statuses: DeliveryStatus[] } {
  const messages: InboundMessage[] = [];
  const statuses: DeliveryStatus[] = [];
  if (body.object !== 'whatsapp_business_account') return { messages, statuses };
  for (const entry of body.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const { value } = change;
      if (value.metadata && value.metadata.phone_number_id !== phoneNumberId) continue;
      const names = new Map((value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name?.trim() || null]));
      for (const message of value.messages ?? []) {
        messages.push({
          id: message.id,
          waId: message.from,
          profileName: names.get(message.from) ?? null,
          type: message.type,
          text: inboundText(message),
          media: inboundMedia(message),
        });
      }
      for (const status of value.statuses ?? []) {
        if (!(WHATSAPP_DELIVERY_STATES as readonly string[]).includes(status.status)) continue;
        const reason = status.errors?.map((error) => [error.code, error.title ?? error.message].filter(Boolean).join(' ')).join('; ');
        statuses.push({ messageId: status.id, state: status.status as WhatsAppDeliveryState, error: reason || null });
      }
    }
  }
  return { messages, statuses };
}

/** The image or voice note of a message, if it is one. */
export function inboundMedia(message: WhatsAppInboundMessage): InboundMedia | null {
  if (message.type === 'image' && message.image) return { kind: 'image', id: message.image.id, mimeType: message.image.mime_type ?? null };
  if (message.type === 'audio' && message.audio) return { kind: 'audio', id: message.audio.id, mimeType: message.audio.mime_type ?? null };
  return null;
}

/** The text of a message: what was typed, or the reply chosen (its id holds the whole suggestion). */
export function inboundText(message: WhatsAppInboundMessage): string | null {
  const chosen = message.interactive?.button_reply ?? message.interactive?.list_reply;
  const text =
    message.type === 'text'
      ? message.text?.body
      : message.type === 'interactive'
        ? chosen?.id || chosen?.title
        : message.type === 'button'
          ? message.button?.text
          : undefined;
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

// ---------------------------------------------------------------- what is sent

/**
 * The body of POST /{phone-number-id}/messages, without its `to` and `messaging_product`. An image's `id`
 * is the one the Graph API gave its upload: given when the message is sent, after the upload.
 */
export type WhatsAppOutboundContent =
  | { type: 'text'; text: { body: string; preview_url?: boolean } }
  | { type: 'image'; image: { id?: string; caption?: string } }
  | {
      type: 'template';
      template: { name: string; language: { code: string }; components?: { type: 'body'; parameters: { type: 'text'; text: string }[] }[] };
    }
  | {
      type: 'interactive';
      interactive:
        | { type: 'button'; body: { text: string }; action: { buttons: { type: 'reply'; reply: { id: string; title: string } }[] } }
        | {
            type: 'list';
            body: { text: string };
            action: { button: string; sections: { title?: string; rows: { id: string; title: string; description?: string }[] }[] };
          };
    };

/** A message sent to a number, from queued to read, or failed (with why). */
export const WHATSAPP_OUTBOUND_STATES = ['pending', 'accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppOutboundState = (typeof WHATSAPP_OUTBOUND_STATES)[number];
export const WHATSAPP_OUTBOUND_STATE_LABELS: Record<WhatsAppOutboundState, string> = {
  pending: 'Aguardando envio',
  accepted: 'Enviada ao WhatsApp',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Não enviada',
};

/**
 * What an outbound message is, for the operator's list: the answer, its choices, a PIX code and its QR
 * code, the confirmation of a payment the bank confirmed, an operator's reply typed in the admin, what
 * was delivered from A entregar, or a renewal reminder.
 */
export const WHATSAPP_OUTBOUND_KINDS = ['text', 'choices', 'pix_code', 'pix_qr', 'payment_confirmed', 'operator', 'delivery', 'reminder'] as const;
export type WhatsAppOutboundKind = (typeof WHATSAPP_OUTBOUND_KINDS)[number];

/** What the file of a media message is made from, uploaded when it is sent: a PIX's QR code (PNG) from its BR Code. */
export type WhatsAppMediaSource = { kind: 'pix_qr'; code: string };

export interface OutboundPart {
  kind: WhatsAppOutboundKind;
  content: WhatsAppOutboundContent;
  /** For a media message: what its file is made from. */
  media?: WhatsAppMediaSource;
  /** The values of the reminders' approved template ({{1}}, {{2}}…), sent in its place outside the 24-hour window. */
  templateParams?: string[];
}

/** Under the PIX's QR code image. */
export const PIX_QR_CAPTION = 'Ou escaneie este QR Code no app do seu banco.';

/** `text` cut to `max` characters, ending in '…' when cut (whole code points, so no half emoji). */
export function truncateText(text: string, max: number): string {
  const points = Array.from(text.trim());
  if (points.length <= max) return points.join('');
  return `${points
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * The assistant's Markdown as WhatsApp formats it: **bold** becomes *bold*, a [link](url) its text and
 * address, headings lose their marks.
 */
export function whatsappText(markdown: string): string {
  return markdown
    .replace(/\*\*([^*\n]+)\*\*/g, '*$1*')
    .replace(/\[([^\]\n]+)\]\((\S+?)\)/g, (_match, text: string, url: string) => (text === url ? url : `${text}: ${url}`))
    .replace(/^#{1,6}\s+/gm, '')
    .trim();
}

const CHOICE_PROMPT = 'Escolha uma opção:';
const LIST_BUTTON = 'Ver opções';

/** Splits a long text into messages WhatsApp accepts, at paragraph or line breaks where it can. */
function textParts(text: string): string[] {
  const parts: string[] = [];
  let rest = text;
  while (Array.from(rest).length > WHATSAPP_LIMITS.textBody) {
    const head = Array.from(rest).slice(0, WHATSAPP_LIMITS.textBody).join('');
    const cut = Math.max(head.lastIndexOf('\n\n'), head.lastIndexOf('\n'));
    const at = cut > WHATSAPP_LIMITS.textBody / 2 ? cut : head.length;
    parts.push(head.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** Distinct titles after truncation: a repeated one gets a number, so WhatsApp does not refuse the message. */
function distinctTitles(choices: string[], max: number): string[] {
  const seen = new Set<string>();
  return choices.map((choice, index) => {
    let title = truncateText(choice, max);
    if (seen.has(title)) title = truncateText(`${index + 1}. ${choice}`, max);
    seen.add(title);
    return title;
  });
}

/**
 * The messages that carry one answer of the assistant: its text (split past WhatsApp's 4,096 characters);
 * its choices as reply buttons (up to 3) or a list (up to 10, the first ones), carrying the last part of
 * the text when it fits an interactive body; and a PIX's copia-e-cola code alone in a last message, so a
 * long press copies only the code, then its QR code as an image.
 */
export function answerParts(answer: { content: string; suggestions: readonly string[]; pixCode?: string | null }): OutboundPart[] {
  const texts = textParts(whatsappText(answer.content));
  const choices = [...new Set(answer.suggestions.map((choice) => choice.trim()).filter(Boolean))].slice(0, WHATSAPP_LIMITS.listRows);
  const parts: OutboundPart[] = [];
  let prompt = CHOICE_PROMPT;
  if (choices.length > 0 && texts.length > 0 && Array.from(texts.at(-1)!).length <= WHATSAPP_LIMITS.interactiveBody) prompt = texts.pop()!;
  for (const body of texts) parts.push({ kind: 'text', content: { type: 'text', text: { body } } });
  if (choices.length > 0) {
    const ids = choices.map((choice) => truncateText(choice, WHATSAPP_LIMITS.replyId));
    if (choices.length <= WHATSAPP_LIMITS.buttons) {
      const titles = distinctTitles(choices, WHATSAPP_LIMITS.buttonTitle);
      parts.push({
        kind: 'choices',
        content: {
          type: 'interactive',
          interactive: {
            type: 'button',
            body: { text: prompt },
            action: { buttons: choices.map((_, index) => ({ type: 'reply', reply: { id: ids[index]!, title: titles[index]! } })) },
          },
        },
      });
    } else {
      const titles = distinctTitles(choices, WHATSAPP_LIMITS.listRowTitle);
      parts.push({
        kind: 'choices',
        content: {
          type: 'interactive',
          interactive: {
            type: 'list',
            body: { text: prompt },
            action: {
              button: LIST_BUTTON,
              sections: [
                {
                  rows: choices.map((choice, index) => ({
                    id: ids[index]!,
                    title: titles[index]!,
                    // A title cut short shows the whole choice under it.
                    ...(titles[index] !== choice ? { description: truncateText(choice, WHATSAPP_LIMITS.listRowDescription) } : {}),
                  })),
                },
              ],
            },
          },
        },
      });
    }
  }
  if (answer.pixCode) {
    parts.push({ kind: 'pix_code', content: { type: 'text', text: { body: answer.pixCode } } });
    parts.push({ kind: 'pix_qr', content: { type: 'image', image: { caption: PIX_QR_CAPTION } }, media: { kind: 'pix_qr', code: answer.pixCode } });
  }
  return parts;
}

/** 'Pagamento confirmado' with what was bought, in the words of /chat's confirmation. */
export function paymentConfirmedParts(payment: { itemName: string; amount: number }): OutboundPart[] {
  return [
    { kind: 'payment_confirmed', content: { type: 'text', text: { body: `*${PAYMENT_CONFIRMED}*\n${payment.itemName} · ${formatBRL(payment.amount)}` } } },
  ];
}

/** What the operator delivered from A entregar (access data, instructions), as WhatsApp takes it. */
export function deliveryParts(text: string): OutboundPart[] {
  return textParts(text.trim()).map((body) => ({ kind: 'delivery', content: { type: 'text', text: { body } } }));
}

/**
 * The variables of the approved template for renewal reminders, in their order: {{1}} the customer's name,
 * {{2}} the plan, {{3}} the end date, {{4}} the Minha assinatura link.
 */
export const REMINDER_TEMPLATE_VARIABLES = ['nome', 'plano', 'vencimento', 'link'] as const;

/**
 * A renewal reminder on WhatsApp: the reminder's text (the e-mail's, filled in) within the 24-hour window;
 * outside it, the reminders' approved template with its variables (the first part carries them: one
 * template goes for the whole reminder). WhatsApp refuses an empty or multi-line variable: each is one line.
 */
export function reminderParts(text: string, values: Record<(typeof REMINDER_TEMPLATE_VARIABLES)[number], string>): OutboundPart[] {
  const templateParams = REMINDER_TEMPLATE_VARIABLES.map((name) => truncateText(values[name].replace(/\s+/g, ' '), 1024) || '-');
  return textParts(text.trim()).map((body, index) => ({
    kind: 'reminder',
    content: { type: 'text', text: { body } },
    ...(index === 0 ? { templateParams } : {}),
  }));
}

/** An operator's reply typed in the admin, as WhatsApp takes it (split past its 4,096 characters). */
export function operatorReplyParts(text: string): OutboundPart[] {
  return textParts(text.trim()).map((body) => ({ kind: 'operator', content: { type: 'text', text: { body } } }));
}

/** How long after the customer's last message a free-form message may be sent (WhatsApp's customer-service window). */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Why a message outside the window was not sent. */
export const OUTSIDE_WINDOW_NO_TEMPLATE =
  'Fora da janela de 24 horas do WhatsApp e sem modelo aprovado configurado (Conversas → Modelo aprovado do WhatsApp): mensagem não enviada.';
/** How long a message held outside the window waits for the customer to write again (a renewal reminder, which speaks of a date: a day). */
export const WHATSAPP_HELD_DAYS = 7;
export const WHATSAPP_HELD_REMINDER_DAYS = 1;

/** Under a message held outside the window, for the operator. */
export const heldForReply = (kind: WhatsAppOutboundKind) => {
  const days = kind === 'reminder' ? WHATSAPP_HELD_REMINDER_DAYS : WHATSAPP_HELD_DAYS;
  return `vai quando o cliente escrever de novo (em até ${days} ${days === 1 ? 'dia' : 'dias'})`;
};
export const outsideWindowTemplateSent = (name: string) => `Fora da janela de 24 horas do WhatsApp: no lugar foi enviado o modelo aprovado "${name}".`;

/** What is answered to a kind of message the assistant does not read yet (images, audio, locations...). */
export const UNSUPPORTED_MESSAGE_REPLY = 'Por aqui eu ainda só leio mensagens de texto. Escreva sua pergunta, por favor.';

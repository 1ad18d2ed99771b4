// The chat assistant (/chat): contracts shared by the API and the web app, with the limits, messages
// and timings of chat-text.ts.
import './zod-locale.ts';
import { z } from 'zod';
import { chatIntentSchema } from './chat-intent.ts';
import { CHAT_MESSAGE_MAX_LENGTH } from './chat-text.ts';
import { contactCaptureSchema } from './customers.ts';
import { listEnvelopeSchema, pageQuerySchema } from './lists.ts';
import { PAYMENT_KINDS } from './payment-status.ts';
import { BILLING_PERIODS } from './pricing/periods.ts';
import { WHATSAPP_OUTBOUND_KINDS, WHATSAPP_OUTBOUND_STATES } from './whatsapp.ts';

export * from './chat-text.ts';

// ---------------------------------------------------------------- contracts

export const chatFeedbackSchema = z.enum(['positive', 'negative']);
export type ChatFeedback = z.infer<typeof chatFeedbackSchema>;

/** A PIX offered in the conversation, for exactly the amount of what it settled on. */
export const pixOfferSchema = z.object({
  paymentIntentId: z.string(),
  /** What is paid: 'Plano Premium — Anual', '100 créditos pré-pagos'. */
  title: z.string(),
  brCode: z.string(),
  key: z.string(),
  recipient: z.string(),
  city: z.string(),
  value: z.number(),
  description: z.string(),
  txid: z.string(),
});
export type PixOffer = z.infer<typeof pixOfferSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  type: z.enum(['bot', 'user']),
  content: z.string(),
  createdAt: z.string(),
  feedback: chatFeedbackSchema.nullable(),
  imageUrl: z.string().nullable(),
  audioUrl: z.string().nullable(),
  suggestions: z.array(z.string()),
  pix: pixOfferSchema.nullable(),
  /**
   * The assistant asks for a name and a contact before the conversation's first PIX (once per conversation):
   * the chat shows the contact form under this message, which answers with `{ contact }`. Absent: false.
   */
  asksContact: z.boolean().optional(),
  /** Typed by an operator in the admin (a WhatsApp conversation handled by a person). Absent: false. */
  fromOperator: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Where a conversation happens: the site's chat or a WhatsApp number. */
export const CHAT_CHANNELS = ['web', 'whatsapp'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
export const CHAT_CHANNEL_LABELS: Record<ChatChannel, string> = { web: 'Site', whatsapp: 'WhatsApp' };

/** The longest reply an operator types in the admin. */
export const OPERATOR_REPLY_MAX_LENGTH = 4000;

export const chatConversationSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  messages: z.array(chatMessageSchema),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const latestConversationSchema = z.object({ conversation: chatConversationSchema.nullable() });

const messageText = z
  .string()
  .trim()
  .min(1, 'Escreva uma mensagem.')
  .max(CHAT_MESSAGE_MAX_LENGTH, `Mensagem muito longa (máximo de ${CHAT_MESSAGE_MAX_LENGTH} caracteres).`);

/**
 * What the visitor says: typed text, the intent a storefront button carried (the server states it as the
 * visitor's message and answers it), or the name and contact the assistant asked for (its form). Exactly
 * one of them. A typed answer to the contact question is read as well (parseContactMessage).
 */
export const sendChatMessageBodySchema = z
  .strictObject({ text: messageText.optional(), intent: chatIntentSchema.optional(), contact: contactCaptureSchema.optional() })
  .refine((body) => [body.text, body.intent, body.contact].filter((part) => part !== undefined).length === 1, {
    message: 'Escreva uma mensagem.',
    path: ['text'],
  });
export type SendChatMessageBody = z.infer<typeof sendChatMessageBodySchema>;

/** The visitor's message and the bot's answer to it. */
export const chatExchangeSchema = z.object({ userMessage: chatMessageSchema, reply: chatMessageSchema });
export type ChatExchange = z.infer<typeof chatExchangeSchema>;

/** null clears the feedback: a second click on the same thumb toggles it off. */
export const chatFeedbackBodySchema = z.strictObject({ feedback: chatFeedbackSchema.nullable() });

/**
 * The streamed answer (text/event-stream): 'user' (the stored visitor message), 'delta' (text as it
 * is written), 'reset' (drop the text so far: the built-in engine answers instead), 'done' (the
 * stored bot message) or 'error'.
 */
export type ChatStreamEvent =
  | { event: 'user'; data: ChatMessage }
  | { event: 'delta'; data: { text: string } }
  | { event: 'reset'; data: Record<string, never> }
  | { event: 'done'; data: ChatMessage }
  | { event: 'error'; data: { error: { code: string; message: string } } };

// ---------------------------------------------------------------- shortcuts

export const publicPixDataSchema = z.object({
  key: z.string(),
  recipient: z.string(),
  city: z.string(),
  value: z.number().nullable(),
  description: z.string(),
  /** The whole BR Code ('copia e cola') built from these fields. */
  brCode: z.string(),
});
export type PublicPixData = z.infer<typeof publicPixDataSchema>;

/** A shortcut as visitors see it: never its webhook URL, secret or payload. */
export const publicShortcutSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['pix', 'webhook']),
  orderIndex: z.number().int(),
  pix: publicPixDataSchema.nullable(),
});
export type PublicShortcut = z.infer<typeof publicShortcutSchema>;
export const publicShortcutListSchema = z.array(publicShortcutSchema);

/** Run from a conversation: the run is then told in it (its status readable by the conversation's visitor). */
export const runShortcutBodySchema = z.strictObject({ conversationId: z.uuid('Conversa inválida').optional() });
export type RunShortcutBody = z.infer<typeof runShortcutBodySchema>;

export const shortcutRunResponseSchema = z.object({ deliveryId: z.string(), status: z.literal('queued') });

/**
 * A shortcut run as its visitor sees it: 'queued' until its first attempt ends, 'retrying' once an attempt
 * failed and another is due (not delivered yet: the visitor is told so at once, with what else to do),
 * then 'delivered' or 'failed' for good. Never "success" for something merely queued.
 */
export const SHORTCUT_RUN_STATUSES = ['queued', 'retrying', 'delivered', 'failed'] as const;
export type ShortcutRunStatus = (typeof SHORTCUT_RUN_STATUSES)[number];
export const shortcutRunStatusSchema = z.object({
  deliveryId: z.string(),
  shortcutName: z.string(),
  status: z.enum(SHORTCUT_RUN_STATUSES),
});
export type ShortcutRunState = z.infer<typeof shortcutRunStatusSchema>;

/** One run of a webhook shortcut (the specification's execution log), with its delivery attempts. */
export const shortcutRunSchema = z.object({
  deliveryId: z.string(),
  shortcutId: z.string(),
  messageId: z.string(),
  timestamp: z.string(),
  status: z.enum(['pending', 'delivering', 'delivered', 'failed']),
  success: z.boolean(),
  error: z.string().nullable(),
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      statusCode: z.number().int().nullable(),
      error: z.string().nullable(),
      durationMs: z.number().int().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export const shortcutRunListSchema = listEnvelopeSchema(shortcutRunSchema);

// ---------------------------------------------------------------- admin reads

export const chatConversationSummarySchema = z.object({
  id: z.string(),
  visitorId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.number().int(),
  lastMessage: z.string().nullable(),
  openHandoffs: z.number().int(),
  paymentIntents: z.number().int(),
  channel: z.enum(CHAT_CHANNELS),
});
export const chatConversationSummaryListSchema = listEnvelopeSchema(chatConversationSummarySchema);

export const chatHandoffSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  request: z.string(),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
});
export const chatHandoffListSchema = listEnvelopeSchema(chatHandoffSchema);

export const chatPaymentIntentSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  itemName: z.string(),
  planId: z.string().nullable(),
  period: z.enum(BILLING_PERIODS).nullable(),
  credits: z.number().int().nullable(),
  amount: z.number(),
  txid: z.string(),
  brCode: z.string(),
  createdAt: z.string(),
});
export const chatPaymentIntentListSchema = listEnvelopeSchema(chatPaymentIntentSchema);

/** What an admin reads of one conversation: the messages, with what the conversation led to. */
/** A message sent to the conversation's WhatsApp number, with its delivery state (why, when it failed). */
export const whatsappSendSchema = z.object({
  id: z.string(),
  /** The conversation's message it carries (an answer, an operator's reply); null for a payment's confirmation. */
  chatMessageId: z.string().nullable(),
  kind: z.enum(WHATSAPP_OUTBOUND_KINDS),
  status: z.enum(WHATSAPP_OUTBOUND_STATES),
  error: z.string().nullable(),
  /** Outside WhatsApp's 24-hour window: the approved template sent in its place. */
  template: z.string().nullable(),
  /** Outside the window its text did not go yet: it goes when the customer writes again (within 7 days). */
  held: z.boolean(),
  createdAt: z.string(),
});
export type WhatsAppSend = z.infer<typeof whatsappSendSchema>;

export const adminChatConversationSchema = chatConversationSchema.extend({
  visitorId: z.string(),
  handoffs: z.array(chatHandoffSchema),
  paymentIntents: z.array(chatPaymentIntentSchema),
  channel: z.enum(CHAT_CHANNELS),
  /** A person handles it (a hand-off is open): on WhatsApp the assistant stays quiet until it is handed back. */
  handledByPerson: z.boolean(),
  /** What was sent to the WhatsApp number, oldest first (empty for the site's conversations). */
  whatsappSends: z.array(whatsappSendSchema),
});
export type AdminChatConversation = z.infer<typeof adminChatConversationSchema>;

export const operatorReplyBodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Escreva a resposta.')
    .max(OPERATOR_REPLY_MAX_LENGTH, `A resposta pode ter no máximo ${OPERATOR_REPLY_MAX_LENGTH} caracteres.`),
});

/** The admin's lists page on the server, newest first: `page` and `pageSize` (20 by default, at most 100). */
export const adminListQuerySchema = pageQuerySchema;

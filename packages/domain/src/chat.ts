// The chat assistant (/chat): contracts shared by the API and the web app, the specification's
// limits, messages and timings, and the image check both sides run on a file's first bytes.
import './zod-locale.ts';
import { z } from 'zod';
import { chatIntentSchema } from './chat-intent.ts';
import { listEnvelopeSchema, pageQuerySchema } from './lists.ts';
import { BILLING_PERIODS } from './pricing/periods.ts';
import { fileTooLargeMessage, uploadBuckets } from './uploads.ts';

// ---------------------------------------------------------------- timings and limits

/** The bot answers after this delay, with a typing indicator meanwhile. */
export const BOT_REPLY_DELAY_MS = 1500;
/** A file is acknowledged sooner. */
export const FILE_ACK_DELAY_MS = 1000;
/** Shortcut buttons shown before 'more'. */
export const SHORTCUTS_SHOWN = 4;
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** A voice note longer than this stops recording by itself. */
export const VOICE_NOTE_MAX_SECONDS = 300;

// ---------------------------------------------------------------- images

export const CHAT_IMAGE_MAX_BYTES = uploadBuckets['chat-attachments'].maxBytes;
export const CHAT_IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp'] as const;
export const CHAT_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** The file picker's filter. */
export const CHAT_IMAGE_ACCEPT = [...CHAT_IMAGE_MIME_TYPES, ...CHAT_IMAGE_EXTENSIONS.map((extension) => `.${extension}`)].join(',');

export const CHAT_IMAGE_TOO_LARGE = fileTooLargeMessage(CHAT_IMAGE_MAX_BYTES);
export const CHAT_IMAGE_TYPE_NOT_SUPPORTED = 'Tipo de imagem não suportado. Use: JPG, PNG, GIF ou WebP';
/** How many leading bytes sniffChatImage needs. */
export const CHAT_IMAGE_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

/** The image type from a file's first bytes (JPEG, PNG, GIF or WebP), or null: never from its name. */
export function sniffChatImage(bytes: Uint8Array): (typeof CHAT_IMAGE_MIME_TYPES)[number] | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/**
 * The specification's message for an image the chat refuses, or null when it may be sent: larger
 * than 10 MB, or not a JPEG, PNG, GIF or WebP by its name and by its content.
 */
export function checkChatImage(file: { name: string; size: number; firstBytes: Uint8Array }): string | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const namedAsImage = (CHAT_IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  if (!namedAsImage || !sniffChatImage(file.firstBytes)) return CHAT_IMAGE_TYPE_NOT_SUPPORTED;
  if (file.size > CHAT_IMAGE_MAX_BYTES) return CHAT_IMAGE_TOO_LARGE;
  return null;
}

/** The recording timer: 0 → '0:00', 75 → '1:15'. */
export function formatRecordingTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- interface texts

export const CHAT_TEXTS = {
  /** The assistant's first message in every conversation; the chat page shows it while the conversation loads. */
  greeting:
    'Olá! Sou o assistente virtual da Vitrine. Posso mostrar os planos e preços, explicar como funciona, ativar apps, ajudar revendedores e gerar um PIX para você pagar. Como posso ajudar?',
  loadingConversation: 'Carregando conversa...',
  uploadErrorTitle: 'Erro no upload',
  fileSent: 'Arquivo enviado',
  micErrorTitle: 'Erro de permissão',
  micErrorDescription: 'Não foi possível acessar o microfone. Verifique as permissões.',
  audioSent: 'Áudio enviado',
  pixOpened: 'PIX Aberto',
  pixKeyCopied: 'Chave PIX Copiada!',
  pixCodeCopied: 'Código PIX Copiado!',
  copyErrorTitle: 'Erro ao Copiar',
  copyKeyError: 'Não foi possível copiar a chave PIX.',
  copyCodeError: 'Não foi possível copiar o código PIX.',
  shortcutDoneTitle: 'Atalho Executado',
  shortcutDone: (name: string) => `"${name}" foi executado com sucesso.`,
  shortcutErrorTitle: 'Erro no Atalho',
  shortcutError: (name: string) => `Falha ao executar "${name}".`,
  webhookUrlMissing: 'URL do webhook não configurada',
} as const;

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
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

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
 * What the visitor says: typed text, or the intent a storefront button carried (the server states
 * it as the visitor's message and answers it). Exactly one of them.
 */
export const sendChatMessageBodySchema = z
  .strictObject({ text: messageText.optional(), intent: chatIntentSchema.optional() })
  .refine((body) => (body.text === undefined) !== (body.intent === undefined), {
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

export const shortcutRunResponseSchema = z.object({ deliveryId: z.string(), status: z.literal('queued') });

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
  kind: z.enum(['plan', 'credits']),
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
export const adminChatConversationSchema = chatConversationSchema.extend({
  visitorId: z.string(),
  handoffs: z.array(chatHandoffSchema),
  paymentIntents: z.array(chatPaymentIntentSchema),
});

/** The admin's lists page on the server, newest first: `page` and `pageSize` (20 by default, at most 100). */
export const adminListQuerySchema = pageQuerySchema;

// The chat assistant's (/chat) limits, timings, interface texts and the image check both sides run
// on a file's first bytes. Free of schemas: the chat page's first load reads them; chat.ts
// re-exports them with the contracts.
import { fileTooLargeMessage, uploadBuckets } from './upload-policies.ts';

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

/**
 * The demo's PIX shortcut is named as an example ('demo data is not a shop'); once the shop has its own
 * PIX key, visitors read it without the suffix. Only that exact name is read so: a name an admin gave
 * is shown as written, and nothing stored is renamed.
 */
export const DEMO_PIX_SHORTCUT_NAME = 'Pagar com PIX (exemplo)';
export const SHOP_PIX_SHORTCUT_NAME = 'Pagar com PIX';

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
  pixNotConfiguredTitle: 'PIX indisponível',
  /** Until the shop sets its own PIX key, no PIX code is shown anywhere. */
  pixNotConfigured: 'O pagamento por PIX ainda não foi configurado pela loja. Fale com um atendente para concluir o pagamento.',
  pixKeyCopied: 'Chave PIX Copiada!',
  pixCodeCopied: 'Código PIX Copiado!',
  copyErrorTitle: 'Erro ao Copiar',
  copyKeyError: 'Não foi possível copiar a chave PIX.',
  copyCodeError: 'Não foi possível copiar o código PIX.',
  // A shortcut's result is what really happened: registered (queued), then delivered or failed.
  shortcutQueuedTitle: 'Solicitação registrada',
  shortcutQueued: (name: string) => `"${name}" foi registrada. Você verá aqui quando for entregue.`,
  shortcutDeliveredTitle: 'Solicitação entregue',
  shortcutDelivered: (name: string) => `"${name}" foi entregue à nossa equipe.`,
  // An attempt failed and the server tries again by itself: said at once, not after the last retry.
  shortcutRetryingTitle: 'Ainda não entregue',
  askHuman: 'Falar com um humano',
  shortcutRetrying: (name: string) =>
    `Ainda não conseguimos entregar "${name}" à nossa equipe. Continuamos tentando e avisamos aqui quando for entregue. Se preferir, fale com a gente agora:`,
  shortcutFailedTitle: 'Solicitação não entregue',
  shortcutFailed: (name: string) => `Não conseguimos entregar "${name}" à nossa equipe. Fale com a gente por um destes canais:`,
  /** The toast of a failed run: the channels are in the conversation's card. */
  shortcutFailedNotice: (name: string) => `Não conseguimos entregar "${name}" à nossa equipe. Veja na conversa outros canais de contato.`,
  shortcutErrorTitle: 'Erro no Atalho',
  shortcutError: (name: string) => `Falha ao executar "${name}".`,
  webhookUrlMissing: 'URL do webhook não configurada',
} as const;

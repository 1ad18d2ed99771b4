import { CHAT_IMAGE_TOO_LARGE, CHAT_IMAGE_TYPE_NOT_SUPPORTED, CHAT_TEXTS } from '@vitrine/domain/chat';
import { fileTooLargeMessage, uploadBuckets } from '@vitrine/domain/uploads';
import { AppError, badRequest, notFound } from '../../shared/errors.ts';

export const chatErrors = {
  // The same answer whether the conversation does not exist or belongs to someone else.
  conversationNotFound: () => notFound('chat.conversation_not_found', 'Conversa não encontrada. Comece uma nova conversa.'),
  messageNotFound: () => notFound('chat.message_not_found', 'Mensagem não encontrada.'),
  fileNotFound: () => notFound('chat.file_not_found', 'Arquivo não encontrado.'),
  imageTypeNotSupported: () => new AppError('chat.image_type_not_supported', 415, CHAT_IMAGE_TYPE_NOT_SUPPORTED),
  imageTooLarge: () => new AppError('chat.image_too_large', 413, CHAT_IMAGE_TOO_LARGE),
  audioTypeNotSupported: () =>
    new AppError('chat.audio_type_not_supported', 415, 'Formato de áudio não suportado. Grave novamente ou envie um arquivo WebM, OGG, MP3, M4A ou WAV.'),
  audioTooLarge: () => new AppError('chat.audio_too_large', 413, fileTooLargeMessage(uploadBuckets['chat-audio'].maxBytes)),
  shortcutNotFound: () => notFound('chat.shortcut_not_found', 'Atalho não encontrado.'),
  shortcutRunNotFound: () => notFound('chat.shortcut_run_not_found', 'Execução do atalho não encontrada.'),
  notAWebhookShortcut: () => badRequest('chat.shortcut_not_webhook', 'Este atalho não é executado pelo servidor.'),
  shortcutEndpointNotFound: () =>
    notFound('chat.shortcut_endpoint_not_found', 'Este atalho ainda não foi executado: a chave de assinatura é criada na primeira execução.'),
  webhookUrlMissing: () => badRequest('chat.webhook_url_missing', CHAT_TEXTS.webhookUrlMissing),
  tooManyMessages: (seconds: number) =>
    new AppError('chat.too_many_messages', 429, `Você enviou muitas mensagens seguidas. Aguarde ${seconds} segundos e tente novamente.`),
  tooManyFiles: (seconds: number) =>
    new AppError('chat.too_many_files', 429, `Você enviou muitos arquivos seguidos. Aguarde ${seconds} segundos e tente novamente.`),
  tooManyConversations: (seconds: number) =>
    new AppError('chat.too_many_conversations', 429, `Muitas conversas novas seguidas. Aguarde ${seconds} segundos e tente novamente.`),
  tooManyShortcutRuns: (seconds: number) =>
    new AppError('chat.too_many_shortcut_runs', 429, `Muitos atalhos executados seguidos. Aguarde ${seconds} segundos e tente novamente.`),
};

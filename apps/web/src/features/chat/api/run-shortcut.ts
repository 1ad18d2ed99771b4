import { callEndpoint } from '@/lib/api-client';
import { chatContract } from '@vitrine/domain/chat.contract';

/** The server sends the shortcut's webhook (signed, retried); the browser never sees its URL. */
export const runShortcut = (shortcutId: string) =>
  callEndpoint(chatContract.runShortcut, { params: { id: shortcutId } });

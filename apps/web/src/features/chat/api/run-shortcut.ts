import { chatContract } from '@vitrine/domain/chat.contract';
import { callEndpoint } from '@/lib/api-client';

/**
 * The server queues the shortcut's webhook (signed, retried); the browser never sees its URL. Run from
 * a conversation, its outcome can then be followed there (get-shortcut-run.ts).
 */
export const runShortcut = (shortcutId: string, conversationId: string | null) =>
  callEndpoint(chatContract.runShortcut, { params: { id: shortcutId }, body: conversationId ? { conversationId } : {} });

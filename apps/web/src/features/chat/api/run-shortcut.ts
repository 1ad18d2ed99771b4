import { api } from '@/lib/api-client';

/** The server sends the shortcut's webhook (signed, retried); the browser never sees its URL. */
export const runShortcut = (shortcutId: string) =>
  api.post<{ deliveryId: string; status: 'queued' }>(`/api/chat/shortcuts/${shortcutId}/run`, {});

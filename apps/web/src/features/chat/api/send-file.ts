import type { ChatExchange } from '@vitrine/domain/chat';
import { chatContract } from '@vitrine/domain/chat.contract';
import { endpointUrl } from '@/lib/api-client';
import { chatFetch, errorOf } from './chat-http';

/** Sends an image or a recorded voice note; the server checks its type by content. */
export async function sendFile(conversationId: string, kind: 'image' | 'audio', file: Blob, fileName: string): Promise<ChatExchange> {
  const form = new FormData();
  form.append('file', file, fileName);
  const response = await chatFetch(endpointUrl(kind === 'image' ? chatContract.sendImage : chatContract.sendVoiceNote, { params: { id: conversationId } }), {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  });
  if (!response.ok) throw await errorOf(response);
  return (await response.json()) as ChatExchange;
}

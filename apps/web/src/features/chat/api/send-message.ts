// What the visitor says (typed text, a storefront button's intent, or the contact form's name and contact)
// goes as JSON. The answer arrives as server-sent events on the POST's own response: the stored visitor message,
// the text as it is written (dropped again on 'reset'), then the stored answer.
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { ChatMessage } from '@vitrine/domain/chat';
import type { ChatIntent } from '@vitrine/domain/chat-intent';
import { chatContract } from '@vitrine/domain/chat.contract';
import type { ContactCapture } from '@vitrine/domain/customers';
import { ApiError, endpointUrl } from '@/lib/api-client';
import { chatFetch, errorOf } from './chat-http';

export interface MessageStreamHandlers {
  onUserMessage?: (message: ChatMessage) => void;
  /** The answer's text so far. */
  onText?: (text: string) => void;
}

export async function sendMessage(
  conversationId: string,
  body: { text: string } | { intent: ChatIntent } | { contact: ContactCapture },
  { onUserMessage, onText }: MessageStreamHandlers = {},
): Promise<{ userMessage: ChatMessage | null; reply: ChatMessage }> {
  const response = await chatFetch(endpointUrl(chatContract.sendMessage, { params: { id: conversationId } }), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await errorOf(response);
  if (!response.body) throw new ApiError(0, 'network_error', 'Erro de conexão. Verifique sua internet e tente novamente.');

  let userMessage: ChatMessage | null = null;
  let text = '';
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  for (;;) {
    const { done, value: event } = await reader.read();
    if (done) break;
    const data = JSON.parse(event.data) as unknown;
    switch (event.event) {
      case 'user':
        userMessage = data as ChatMessage;
        onUserMessage?.(userMessage);
        break;
      case 'delta':
        text += (data as { text: string }).text;
        onText?.(text);
        break;
      case 'reset':
        text = '';
        onText?.(text);
        break;
      case 'done':
        await reader.cancel();
        return { userMessage, reply: data as ChatMessage };
      case 'error': {
        const { error } = data as { error: { code: string; message: string } };
        throw new ApiError(500, error.code, error.message);
      }
    }
  }
  throw new ApiError(0, 'network_error', 'A resposta foi interrompida. Tente novamente.');
}

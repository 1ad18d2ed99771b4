import type { ChatFeedback, ChatMessage } from '@vitrine/domain/chat';
import { api } from '@/lib/api-client';

/** Sets the thumbs up or down of an answer; null clears it. */
export const setFeedback = (conversationId: string, messageId: string, feedback: ChatFeedback | null) =>
  api.put<ChatMessage>(`/api/chat/conversations/${conversationId}/messages/${messageId}/feedback`, { feedback });

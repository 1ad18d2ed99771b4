import type { ChatFeedback } from '@vitrine/domain/chat';
import { chatContract } from '@vitrine/domain/chat.contract';
import { callEndpoint } from '@/lib/api-client';

/** Sets the thumbs up or down of an answer; null clears it. */
export const setFeedback = (conversationId: string, messageId: string, feedback: ChatFeedback | null) =>
  callEndpoint(chatContract.setFeedback, { params: { id: conversationId, messageId }, body: { feedback } });

import type { ChatConversation } from '@vitrine/domain/chat';
import { api } from '@/lib/api-client';

/** A new conversation, opened by the assistant's greeting. */
export const startConversation = () => api.post<ChatConversation>('/api/chat/conversations', {});

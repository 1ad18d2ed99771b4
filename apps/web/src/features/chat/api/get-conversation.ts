import { queryOptions } from '@tanstack/react-query';
import type { ChatConversation } from '@vitrine/domain/chat';
import { api } from '@/lib/api-client';

/** The visitor's latest conversation (the cookie names the visitor), or null before the first one. */
export const latestConversationQueryOptions = queryOptions({
  queryKey: ['chat', 'latest-conversation'],
  queryFn: ({ signal }) => api.get<{ conversation: ChatConversation | null }>('/api/chat/conversations/latest', { signal }),
  staleTime: 0,
});

import { queryOptions } from '@tanstack/react-query';
import { chatContract } from '@vitrine/domain/chat.contract';
import { callEndpoint } from '@/lib/api-client';

/** The visitor's latest conversation (the cookie names the visitor), or null before the first one. */
export const latestConversationQueryOptions = queryOptions({
  queryKey: ['chat', 'latest-conversation'],
  queryFn: ({ signal }) => callEndpoint(chatContract.latestConversation, {}, { signal }),
  staleTime: 0,
});

/** One conversation by its id (the visitor's own), as stored now. */
export const getConversation = (id: string, signal?: AbortSignal) => callEndpoint(chatContract.getConversation, { params: { id } }, { signal });

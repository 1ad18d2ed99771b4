import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { chatContract } from '@vitrine/domain/chat.contract';
import { callEndpoint } from '@/lib/api-client';

export const adminConversationsQueryOptions = ({ page, pageSize }: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['chat_conversations', 'admin', page, pageSize],
    queryFn: ({ signal }) => callEndpoint(chatContract.listConversations, { query: { page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The assistant's conversations, latest activity first, a page at a time (admin only). */
export function useAdminConversations(page: { page: number; pageSize: number }) {
  return useQuery(adminConversationsQueryOptions(page));
}

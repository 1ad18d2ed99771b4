import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatContract } from '@vitrine/domain/chat.contract';
import { callEndpoint } from '@/lib/api-client';

export const adminConversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['chat_messages', 'admin', id],
    queryFn: ({ signal }) => callEndpoint(chatContract.getAdminConversation, { params: { id } }, { signal }),
  });

/**
 * One conversation as the admin reads it (messages, feedback, handoffs, PIX offered, WhatsApp sends);
 * nothing is asked without an id. Read again every few seconds while a WhatsApp message waits to be sent.
 */
export function useAdminConversation(id: string | null) {
  return useQuery({
    ...adminConversationQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.whatsappSends.some((send) => send.status === 'pending') ? 2_000 : false),
  });
}

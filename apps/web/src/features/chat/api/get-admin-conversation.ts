import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhatsAppSend } from '@vitrine/domain/chat';
import { chatContract } from '@vitrine/domain/chat.contract';
import { callEndpoint } from '@/lib/api-client';

export const adminConversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['chat_messages', 'admin', id],
    queryFn: ({ signal }) => callEndpoint(chatContract.getAdminConversation, { params: { id } }, { signal }),
  });

/** How often an open conversation is read again while a WhatsApp send waits to go, and while one is on its way (sent, not yet read). */
export const SEND_PENDING_REFETCH_MS = 2_000;
export const SEND_UNDER_WAY_REFETCH_MS = 10_000;

/**
 * One conversation as the admin reads it (messages, feedback, handoffs, PIX offered, WhatsApp sends);
 * nothing is asked without an id. Read again every few seconds while a WhatsApp message waits to be sent,
 * and less often while one has gone but WhatsApp has not said it was read (its 'Entregue' and 'Lida'
 * arrive by Meta's status callbacks, which tell no open page): only while the dialog is open.
 */
export function useAdminConversation(id: string | null) {
  return useQuery({
    ...adminConversationQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => sendsRefetchInterval(query.state.data?.whatsappSends ?? []),
  });
}

/** When to read an open conversation again, by its WhatsApp sends' states (false: not until something else changes it). */
export function sendsRefetchInterval(sends: Pick<WhatsAppSend, 'status'>[]): number | false {
  if (sends.some((send) => send.status === 'pending')) return SEND_PENDING_REFETCH_MS;
  return sends.some((send) => send.status === 'accepted' || send.status === 'sent' || send.status === 'delivered') ? SEND_UNDER_WAY_REFETCH_MS : false;
}

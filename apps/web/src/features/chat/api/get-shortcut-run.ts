import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatContract } from '@vitrine/domain/chat.contract';
import { callEndpoint } from '@/lib/api-client';

/** While a run is queued (sent or retried), its status is asked again this often; never once it has settled. */
const QUEUED_POLL_MS = 2_000;

export const shortcutRunQueryOptions = (conversationId: string, deliveryId: string) =>
  queryOptions({
    queryKey: ['shortcut_runs', conversationId, deliveryId],
    queryFn: ({ signal }) => callEndpoint(chatContract.shortcutRunStatus, { params: { id: conversationId, deliveryId } }, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'queued' || query.state.data === undefined ? QUEUED_POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

export function useShortcutRun(conversationId: string, deliveryId: string) {
  return useQuery(shortcutRunQueryOptions(conversationId, deliveryId));
}

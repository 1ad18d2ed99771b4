import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShortcutRunStatus } from '@vitrine/domain/chat';
import { chatContract } from '@vitrine/domain/chat.contract';
import { callEndpoint } from '@/lib/api-client';

/** While a run is under way (sent, or retried after a failure), its status is asked again this often; never once it has settled. */
const QUEUED_POLL_MS = 2_000;
const settled = (status: ShortcutRunStatus | undefined) => status === 'delivered' || status === 'failed';

export const shortcutRunQueryOptions = (conversationId: string, deliveryId: string) =>
  queryOptions({
    queryKey: ['shortcut_runs', conversationId, deliveryId],
    queryFn: ({ signal }) => callEndpoint(chatContract.shortcutRunStatus, { params: { id: conversationId, deliveryId } }, { signal }),
    refetchInterval: (query) => (settled(query.state.data?.status) ? false : QUEUED_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

export function useShortcutRun(conversationId: string, deliveryId: string) {
  return useQuery(shortcutRunQueryOptions(conversationId, deliveryId));
}

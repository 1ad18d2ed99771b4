import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatContract } from '@vitrine/domain/chat.contract';
import { callEndpoint } from '@/lib/api-client';
import { startFromPage } from '@/lib/page-data';

// Keyed by the table, so a change to the shortcuts (admin, realtime) refreshes the buttons.
export const shortcutsQueryOptions = queryOptions({
  queryKey: ['shortcuts', 'public'],
  queryFn: ({ signal }) => callEndpoint(chatContract.listShortcuts, {}, { signal }),
  ...startFromPage(chatContract.listShortcuts),
});

export function useShortcuts() {
  return useQuery(shortcutsQueryOptions);
}

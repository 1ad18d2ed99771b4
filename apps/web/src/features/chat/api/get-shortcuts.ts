import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicShortcut } from '@vitrine/domain/chat';
import { api } from '@/lib/api-client';

// Keyed by the table, so a change to the shortcuts (admin, realtime) refreshes the buttons.
export const shortcutsQueryOptions = queryOptions({
  queryKey: ['shortcuts', 'public'],
  queryFn: ({ signal }) => api.get<PublicShortcut[]>('/api/chat/shortcuts', { signal }),
});

export function useShortcuts() {
  return useQuery(shortcutsQueryOptions);
}

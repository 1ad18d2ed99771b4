import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerCard } from '@vitrine/domain/resellers';
import { api } from '@/lib/api-client';

// Server cards are supplier_pricing rows, so that table's realtime events refresh them.
export const serversQueryOptions = queryOptions({
  queryKey: ['supplier_pricing', 'servers'],
  queryFn: ({ signal }) => api.get<ServerCard[]>('/api/servers', { signal }),
});

export function useServers() {
  return useQuery(serversQueryOptions);
}

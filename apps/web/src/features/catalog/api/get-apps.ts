import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicApp } from '@vitrine/domain/catalog';
import { api } from '@/lib/api-client';

export const appsQueryOptions = queryOptions({
  queryKey: ['apps'],
  queryFn: ({ signal }) => api.get<PublicApp[]>('/api/apps', { signal }),
});

export function useApps() {
  return useQuery(appsQueryOptions);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicStreamingApp } from '@vitrine/domain/catalog';
import { api } from '@/lib/api-client';

export const streamingAppsQueryOptions = queryOptions({
  queryKey: ['streaming_apps'],
  queryFn: ({ signal }) => api.get<PublicStreamingApp[]>('/api/streaming-apps', { signal }),
});

export function useStreamingApps() {
  return useQuery(streamingAppsQueryOptions);
}

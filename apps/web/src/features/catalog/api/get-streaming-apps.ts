import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { callEndpoint } from '@/lib/api-client';
import { startFromPage } from '@/lib/page-data';

export const streamingAppsQueryOptions = queryOptions({
  queryKey: ['streaming_apps'],
  queryFn: ({ signal }) => callEndpoint(catalogContract.listStreamingApps, {}, { signal }),
  ...startFromPage(catalogContract.listStreamingApps),
});

export function useStreamingApps() {
  return useQuery(streamingAppsQueryOptions);
}

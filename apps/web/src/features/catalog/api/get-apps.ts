import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { callEndpoint } from '@/lib/api-client';
import { startFromPage } from '@/lib/page-data';

export const appsQueryOptions = queryOptions({
  queryKey: ['apps'],
  queryFn: ({ signal }) => callEndpoint(catalogContract.listApps, {}, { signal }),
  ...startFromPage(catalogContract.listApps),
});

export function useApps() {
  return useQuery(appsQueryOptions);
}

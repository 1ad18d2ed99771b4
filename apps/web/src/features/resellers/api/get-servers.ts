import { queryOptions, useQuery } from '@tanstack/react-query';
import { resellersContract } from '@vitrine/domain/resellers.contract';
import { callEndpoint } from '@/lib/api-client';
import { startFromPage } from '@/lib/page-data';

// Server cards are supplier_pricing rows, so that table's realtime events refresh them.
export const serversQueryOptions = queryOptions({
  queryKey: ['supplier_pricing', 'servers'],
  queryFn: ({ signal }) => callEndpoint(resellersContract.listServers, {}, { signal }),
  ...startFromPage(resellersContract.listServers),
});

export function useServers() {
  return useQuery(serversQueryOptions);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { callEndpoint } from '@/lib/api-client';
import { startFromPage } from '@/lib/page-data';

export const plansQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => callEndpoint(catalogContract.listPlans, {}, { signal }),
  ...startFromPage(catalogContract.listPlans),
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}

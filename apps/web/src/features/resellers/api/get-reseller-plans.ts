import { queryOptions, useQuery } from '@tanstack/react-query';
import { resellersContract } from '@vitrine/domain/resellers.contract';
import { callEndpoint } from '@/lib/api-client';
import { startFromPage } from '@/lib/page-data';

export const resellerPlansQueryOptions = queryOptions({
  queryKey: ['reseller_plans'],
  queryFn: ({ signal }) => callEndpoint(resellersContract.listResellerPlans, {}, { signal }),
  ...startFromPage(resellersContract.listResellerPlans),
});

export function useResellerPlans() {
  return useQuery(resellerPlansQueryOptions);
}

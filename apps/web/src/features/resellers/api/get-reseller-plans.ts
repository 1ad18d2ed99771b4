import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { resellersContract } from '@vitrine/domain/resellers.contract';

export const resellerPlansQueryOptions = queryOptions({
  queryKey: ['reseller_plans'],
  queryFn: ({ signal }) => callEndpoint(resellersContract.listResellerPlans, {}, { signal }),
});

export function useResellerPlans() {
  return useQuery(resellerPlansQueryOptions);
}

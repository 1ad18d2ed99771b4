import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicResellerPlan } from '@vitrine/domain/resellers';
import { api } from '@/lib/api-client';

export const resellerPlansQueryOptions = queryOptions({
  queryKey: ['reseller_plans'],
  queryFn: ({ signal }) => api.get<PublicResellerPlan[]>('/api/reseller-plans', { signal }),
});

export function useResellerPlans() {
  return useQuery(resellerPlansQueryOptions);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPlan } from '@vitrine/domain/catalog';
import { api } from '@/lib/api-client';

export const plansQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => api.get<PublicPlan[]>('/api/plans', { signal }),
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminContract } from '@vitrine/domain/admin.contract';
import { callEndpoint } from '@/lib/api-client';

export const dashboardQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['site_access_events', 'admin', 'dashboard', days],
    queryFn: ({ signal }) => callEndpoint(adminContract.dashboard, { query: { days } }, { signal }),
  });

/** The panel's overview of the last `days` days: counts, visits, top pages and sources, the chat's activity. */
export function useDashboard(days: number) {
  return useQuery(dashboardQueryOptions(days));
}

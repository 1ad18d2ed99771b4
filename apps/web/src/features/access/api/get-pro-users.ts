import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accessContract } from '@vitrine/domain/access.contract';
import { callEndpoint } from '@/lib/api-client';
import { CACHE_TTL } from '@/lib/query-client';

export interface ProUsersPage {
  page: number;
  pageSize: number;
  search: string;
}

export const proUsersQueryOptions = ({ page, pageSize, search }: ProUsersPage) =>
  queryOptions({
    queryKey: ['pro_users', 'admin', page, pageSize, search],
    queryFn: ({ signal }) => callEndpoint(accessContract.listProUsers, { query: { page, pageSize, search: search || undefined } }, { signal }),
    staleTime: CACHE_TTL.default,
    placeholderData: keepPreviousData,
  });

/** The PRO users (who may use the panel and the calculator), a page at a time, searched on the server. */
export function useProUsers(page: ProUsersPage) {
  return useQuery(proUsersQueryOptions(page));
}

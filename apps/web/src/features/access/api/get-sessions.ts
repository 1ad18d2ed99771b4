import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminContract } from '@vitrine/domain/admin.contract';
import { callEndpoint } from '@/lib/api-client';

export const sessionsQueryOptions = ({ page, pageSize }: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['sessions', 'admin', page, pageSize],
    queryFn: ({ signal }) => callEndpoint(adminContract.sessions, { query: { page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The signed-in sessions of the panel's users, a page at a time. */
export function useSessions(page: { page: number; pageSize: number }) {
  return useQuery(sessionsQueryOptions(page));
}

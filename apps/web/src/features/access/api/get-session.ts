import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessContract } from '@vitrine/domain/access.contract';
import { callEndpoint } from '@/lib/api-client';

/** The same query as the session guard's (features/auth, same key), so both see one answer. */
export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => callEndpoint(accessContract.me, {}, { signal }),
  staleTime: 30_000,
});

/** Who is signed in, whether they are PRO and whether their two-factor sign-in is on. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessContract } from '@vitrine/domain/access.contract';
import type { AccessMe } from '@vitrine/domain/auth';
import { callEndpoint } from '@/lib/api-client';

export type AccessInfo = AccessMe;

export const signedOut: AccessInfo = { signedIn: false, email: null, isPro: false };

export const sessionQueryKey = ['session'] as const;

/** Who is signed in and whether the e-mail is an active PRO user (re-checked by the server each time). */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => callEndpoint(accessContract.me, {}, { signal }),
  staleTime: 30_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

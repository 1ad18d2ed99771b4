import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessMe } from '@vitrine/domain/auth';
import { api } from '@/lib/api-client';

export type AccessInfo = AccessMe;

export const signedOut: AccessInfo = { signedIn: false, email: null, isPro: false };

export const sessionQueryKey = ['session'] as const;

/** Who is signed in and whether the e-mail is an active PRO user (re-checked by the server each time). */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => api.get<AccessInfo>('/api/access/me', { signal }),
  staleTime: 30_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

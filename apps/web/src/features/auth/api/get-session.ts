import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AccessInfo {
  signedIn: boolean;
  email?: string;
  isPro?: boolean;
}

export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => api.get<AccessInfo>('/api/access/me', { signal }).catch((): AccessInfo => ({ signedIn: false })),
  staleTime: 30_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

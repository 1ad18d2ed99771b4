import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Data lists are fresh for 5 minutes; realtime events invalidate them sooner.
export const CACHE_TTL = { short: 60_000, default: 5 * 60_000, long: 60 * 60_000 } as const;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_TTL.default,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 3;
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}

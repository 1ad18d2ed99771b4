import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isSearchableQuery } from '@vitrine/domain/media-display';
import { mediaContract } from '@vitrine/domain/media.contract';
import { callEndpoint } from '@/lib/api-client';
import { CACHE_TTL } from '@/lib/query-client';
import { MEDIA_KEY, mediaRetry } from '../lib/media-query';

export const mediaSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [MEDIA_KEY, 'search', query],
    queryFn: ({ signal }) => callEndpoint(mediaContract.search, { query: { query } }, { signal }),
    retry: mediaRetry,
    staleTime: CACHE_TTL.default,
  });

/** Movies and series matching the text; runs only for more than 2 characters. */
export function useMediaSearch(query: string) {
  const trimmed = query.trim();
  return useQuery({ ...mediaSearchQueryOptions(trimmed), enabled: isSearchableQuery(trimmed), placeholderData: keepPreviousData });
}

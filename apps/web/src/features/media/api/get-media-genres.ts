import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaType } from '@vitrine/domain/media';
import { mediaContract } from '@vitrine/domain/media.contract';
import { callEndpoint } from '@/lib/api-client';
import { CACHE_TTL } from '@/lib/query-client';
import { MEDIA_KEY, mediaRetry } from '../lib/media-query';

export const mediaGenresQueryOptions = (mediaType: MediaType) =>
  queryOptions({
    queryKey: [MEDIA_KEY, 'genres', mediaType],
    queryFn: ({ signal }) => callEndpoint(mediaContract.genres, { params: { mediaType } }, { signal }),
    retry: mediaRetry,
    staleTime: CACHE_TTL.long,
  });

export function useMediaGenres(mediaType: MediaType) {
  return useQuery(mediaGenresQueryOptions(mediaType));
}

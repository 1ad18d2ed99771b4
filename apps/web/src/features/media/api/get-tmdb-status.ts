import { queryOptions, useQuery } from '@tanstack/react-query';
import { mediaContract } from '@vitrine/domain/media.contract';
import { callEndpoint } from '@/lib/api-client';
import { MEDIA_KEY } from '../lib/media-query';

export const tmdbStatusQueryOptions = queryOptions({
  queryKey: [MEDIA_KEY, 'admin', 'tmdb-status'],
  queryFn: ({ signal }) => callEndpoint(mediaContract.tmdbStatus, {}, { signal }),
});

/** Whether a TMDB key is set, the server's cache of its answers, its calls to TMDB and the local titles (admin only). */
export function useTmdbStatus() {
  return useQuery(tmdbStatusQueryOptions);
}

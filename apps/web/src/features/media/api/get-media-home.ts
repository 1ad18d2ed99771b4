import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaHome } from '@vitrine/domain/media';
import { api } from '@/lib/api-client';
import { MEDIA_KEY, mediaRetry } from '../lib/media-query';

export const mediaHomeQueryOptions = queryOptions({
  queryKey: [MEDIA_KEY, 'home'],
  queryFn: ({ signal }) => api.get<MediaHome>('/api/media/home', { signal }),
  retry: mediaRetry,
});

/** The home page's premium entertainment titles, picked on the server. */
export function useMediaHome() {
  return useQuery(mediaHomeQueryOptions);
}

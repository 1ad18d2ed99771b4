import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaFilters, MediaList, MediaPage, MediaType } from '@vitrine/domain/media';
import { api } from '@/lib/api-client';
import { MEDIA_KEY, mediaRetry } from '../lib/media-query';

export const mediaListQueryOptions = (mediaType: MediaType, list: MediaList, filters: MediaFilters = {}) => {
  const params = new URLSearchParams();
  if (filters.genre !== undefined) params.set('genre', String(filters.genre));
  if (filters.year !== undefined) params.set('year', String(filters.year));
  const query = params.size > 0 ? `?${params}` : '';
  return queryOptions({
    queryKey: [MEDIA_KEY, 'list', mediaType, list, filters.genre ?? null, filters.year ?? null],
    queryFn: ({ signal }) => api.get<MediaPage>(`/api/media/lists/${mediaType}/${list}${query}`, { signal }),
    retry: mediaRetry,
  });
};

/** One row of /midia, narrowed by the page's filters. */
export function useMediaList(mediaType: MediaType, list: MediaList, filters: MediaFilters = {}) {
  return useQuery({ ...mediaListQueryOptions(mediaType, list, filters), placeholderData: keepPreviousData });
}

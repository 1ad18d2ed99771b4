import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaFilters, MediaList, MediaType } from '@vitrine/domain/media';
import { mediaContract } from '@vitrine/domain/media.contract';
import { callEndpoint } from '@/lib/api-client';
import { startFromPage } from '@/lib/page-data';
import { MEDIA_KEY, mediaRetry } from '../lib/media-query';

export const mediaListQueryOptions = (mediaType: MediaType, list: MediaList, filters: MediaFilters = {}) => {
  const input = { params: { mediaType, list }, query: { genre: filters.genre, year: filters.year } };
  return queryOptions({
    queryKey: [MEDIA_KEY, 'list', mediaType, list, filters.genre ?? null, filters.year ?? null],
    queryFn: ({ signal }) => callEndpoint(mediaContract.list, input, { signal }),
    // The hero's list comes in /midia's page.
    ...startFromPage(mediaContract.list, input),
    retry: mediaRetry,
  });
};

/** One row of /midia, narrowed by the page's filters. */
export function useMediaList(mediaType: MediaType, list: MediaList, filters: MediaFilters = {}) {
  return useQuery({ ...mediaListQueryOptions(mediaType, list, filters), placeholderData: keepPreviousData });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { mediaContract } from '@vitrine/domain/media.contract';
import { callEndpoint } from '@/lib/api-client';
import { startFromPage } from '@/lib/page-data';
import { MEDIA_KEY, mediaRetry } from '../lib/media-query';

export const mediaHomeQueryOptions = queryOptions({
  queryKey: [MEDIA_KEY, 'home'],
  queryFn: ({ signal }) => callEndpoint(mediaContract.home, {}, { signal }),
  ...startFromPage(mediaContract.home),
  retry: mediaRetry,
});

/** The home page's premium entertainment titles, picked on the server. */
export function useMediaHome() {
  return useQuery(mediaHomeQueryOptions);
}

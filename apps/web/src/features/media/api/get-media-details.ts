import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaType } from '@vitrine/domain/media';
import { mediaContract } from '@vitrine/domain/media.contract';
import { callEndpoint } from '@/lib/api-client';
import { MEDIA_KEY, mediaRetry } from '../lib/media-query';

export const mediaDetailsQueryOptions = (mediaType: MediaType, id: string) =>
  queryOptions({
    queryKey: [MEDIA_KEY, 'details', mediaType, id],
    queryFn: ({ signal }) => callEndpoint(mediaContract.details, { params: { mediaType, id } }, { signal }),
    retry: mediaRetry,
  });

export function useMediaDetails(mediaType: MediaType, id: string | undefined) {
  return useQuery({ ...mediaDetailsQueryOptions(mediaType, id ?? ''), enabled: Boolean(id) });
}

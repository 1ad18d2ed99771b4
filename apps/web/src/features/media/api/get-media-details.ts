import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaDetails, MediaType } from '@vitrine/domain/media';
import { api } from '@/lib/api-client';
import { MEDIA_KEY, mediaRetry } from '../lib/media-query';

export const mediaDetailsQueryOptions = (mediaType: MediaType, id: string) =>
  queryOptions({
    queryKey: [MEDIA_KEY, 'details', mediaType, id],
    queryFn: ({ signal }) => api.get<MediaDetails>(`/api/media/titles/${mediaType}/${encodeURIComponent(id)}`, { signal }),
    retry: mediaRetry,
  });

export function useMediaDetails(mediaType: MediaType, id: string | undefined) {
  return useQuery({ ...mediaDetailsQueryOptions(mediaType, id ?? ''), enabled: Boolean(id) });
}

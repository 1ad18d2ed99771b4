import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfigSectionResponse } from '@vitrine/domain/content';
import { api } from '@/lib/api-client';

export const siteConfigQueryOptions = (section: string) =>
  queryOptions({
    queryKey: ['site_configurations', section],
    queryFn: ({ signal }) => api.get<SiteConfigSectionResponse>(`/api/site-config/${section}`, { signal }),
  });

export function useSiteConfig(section: string) {
  return useQuery(siteConfigQueryOptions(section));
}

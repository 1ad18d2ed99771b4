import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentContract } from '@vitrine/domain/content.contract';
import { callEndpoint } from '@/lib/api-client';
import { startFromPage } from '@/lib/page-data';

export const siteConfigQueryOptions = (section: string) =>
  queryOptions({
    queryKey: ['site_configurations', section],
    queryFn: ({ signal }) => callEndpoint(contentContract.getSiteConfig, { params: { section } }, { signal }),
    ...startFromPage(contentContract.getSiteConfig, { params: { section } }),
  });

export function useSiteConfig(section: string) {
  return useQuery(siteConfigQueryOptions(section));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSiteConfigContract } from '@vitrine/domain/content-admin.contract';
import { callEndpoint } from '@/lib/api-client';

/** Every configuration entry is keyed under its table, so a write (here or another admin's) refreshes them. */
export const configQueryKey = ['site_configurations'] as const;

export const configSectionQueryOptions = (section: string) =>
  queryOptions({
    queryKey: [...configQueryKey, 'admin', 'section', section],
    queryFn: async ({ signal }) => {
      const page = await callEndpoint(adminSiteConfigContract.list, { query: { search: section, pageSize: 100 } }, { signal });
      const entries = page.items.filter((entry) => entry.section === section);
      return {
        values: Object.fromEntries(entries.map((entry) => [entry.configKey, entry.configValue])),
        versions: Object.fromEntries(entries.map((entry) => [entry.configKey, entry.updatedAt])),
      };
    },
  });

/** The stored entries of a section (active or not), as the admin edits them: their values and their versions (updatedAt), by key. */
export function useConfigSection(section: string) {
  return useQuery(configSectionQueryOptions(section));
}

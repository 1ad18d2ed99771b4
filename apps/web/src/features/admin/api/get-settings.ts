import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsContract } from '@vitrine/domain/settings.contract';
import { callEndpoint } from '@/lib/api-client';

/** Keyed by the table the settings are stored in, so another admin's change refreshes them. */
export const settingsQueryKey = ['site_configurations', 'admin', 'settings'] as const;

export const settingsQueryOptions = queryOptions({
  queryKey: settingsQueryKey,
  queryFn: ({ signal }) => callEndpoint(settingsContract.listSettings, {}, { signal }),
});

/** The settings the admin may set over the environment: each value in force and where it comes from. */
export function useSettings() {
  return useQuery(settingsQueryOptions);
}

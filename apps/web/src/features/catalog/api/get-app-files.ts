import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { callEndpoint } from '@/lib/api-client';

export const appFilesQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: ['app_files', 'admin', appId],
    queryFn: ({ signal }) => callEndpoint(catalogContract.listAppFiles, { params: { appId } }, { signal }),
  });

/** An app's download per platform (an uploaded installer or a link), as the admin manages them. */
export function useAppFiles(appId: string) {
  return useQuery(appFilesQueryOptions(appId));
}

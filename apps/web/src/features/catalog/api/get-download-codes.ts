import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { callEndpoint } from '@/lib/api-client';

export const DOWNLOAD_CODES_PAGE_SIZE = 10;

export const downloadCodesQueryOptions = (appId: string, page: number) =>
  queryOptions({
    queryKey: ['download_codes', 'admin', appId, page],
    queryFn: ({ signal }) =>
      callEndpoint(catalogContract.listDownloadCodes, { params: { appId }, query: { page, pageSize: DOWNLOAD_CODES_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** An app's download codes, newest first, a page at a time (admin only). */
export function useDownloadCodes(appId: string, page: number) {
  return useQuery(downloadCodesQueryOptions(appId, page));
}

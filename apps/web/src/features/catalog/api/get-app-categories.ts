import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { callEndpoint } from '@/lib/api-client';
import { startFromPage } from '@/lib/page-data';

export const appCategoriesQueryOptions = queryOptions({
  queryKey: ['apps', 'categories'],
  queryFn: ({ signal }) => callEndpoint(catalogContract.listAppCategories, {}, { signal }),
  ...startFromPage(catalogContract.listAppCategories),
});

export function useAppCategories() {
  return useQuery(appCategoriesQueryOptions);
}

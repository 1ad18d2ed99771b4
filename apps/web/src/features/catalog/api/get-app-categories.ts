import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { catalogContract } from '@vitrine/domain/catalog.contract';

export const appCategoriesQueryOptions = queryOptions({
  queryKey: ['apps', 'categories'],
  queryFn: ({ signal }) => callEndpoint(catalogContract.listAppCategories, {}, { signal }),
});

export function useAppCategories() {
  return useQuery(appCategoriesQueryOptions);
}

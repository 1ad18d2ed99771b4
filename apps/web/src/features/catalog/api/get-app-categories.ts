import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@vitrine/domain/catalog';
import { api } from '@/lib/api-client';

export const appCategoriesQueryOptions = queryOptions({
  queryKey: ['apps', 'categories'],
  queryFn: ({ signal }) => api.get<Category[]>('/api/apps/categories', { signal }),
});

export function useAppCategories() {
  return useQuery(appCategoriesQueryOptions);
}

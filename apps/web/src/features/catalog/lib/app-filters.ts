import type { PublicApp } from '@vitrine/domain/catalog';
import { sortApps, type AppSort } from '@vitrine/domain/catalog-sort';
import { foldText } from '@vitrine/domain/catalog-text';

export { APP_SORT_LABELS, APP_SORTS, type AppSort } from '@vitrine/domain/catalog-sort';

export const ALL_CATEGORIES = 'all';

export interface AppFilters {
  search: string;
  category: string;
  sort: AppSort;
}

export const DEFAULT_APP_FILTERS: AppFilters = { search: '', category: ALL_CATEGORIES, sort: 'featured' };

/** App search matches name, description or tags, case-insensitively; accents are folded too. */
export function matchesSearch(fields: readonly string[], search: string) {
  const needle = foldText(search.trim());
  if (!needle) return true;
  return fields.some((field) => foldText(field).includes(needle));
}

export function filterApps(apps: readonly PublicApp[], filters: AppFilters): PublicApp[] {
  return sortApps(
    apps
      .filter((app) => filters.category === ALL_CATEGORIES || app.category === filters.category)
      .filter((app) => matchesSearch([app.name, app.description, ...app.tags], filters.search)),
    filters.sort,
  );
}

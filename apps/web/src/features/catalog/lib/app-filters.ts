import type { PublicApp } from '@vitrine/domain/catalog';
import { foldText } from '@vitrine/domain/catalog-text';

export const APP_SORTS = ['featured', 'rating', 'name', 'newest', 'price-low', 'price-high'] as const;
export type AppSort = (typeof APP_SORTS)[number];

export const APP_SORT_LABELS: Record<AppSort, string> = {
  featured: 'Destaques',
  rating: 'Melhor avaliados',
  name: 'Nome (A-Z)',
  newest: 'Mais recentes',
  'price-low': 'Menor preço',
  'price-high': 'Maior preço',
};

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

const byName = (a: PublicApp, b: PublicApp) => a.name.localeCompare(b.name, 'pt-BR');

const comparators: Record<AppSort, (a: PublicApp, b: PublicApp) => number> = {
  featured: (a, b) => Number(b.isFeatured) - Number(a.isFeatured) || b.downloads - a.downloads || byName(a, b),
  rating: (a, b) => b.rating.average - a.rating.average || b.rating.total - a.rating.total || byName(a, b),
  name: byName,
  newest: (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || Date.parse(b.lastUpdate) - Date.parse(a.lastUpdate) || byName(a, b),
  'price-low': (a, b) => a.price - b.price || byName(a, b),
  'price-high': (a, b) => b.price - a.price || byName(a, b),
};

export function filterApps(apps: readonly PublicApp[], filters: AppFilters): PublicApp[] {
  return apps
    .filter((app) => filters.category === ALL_CATEGORIES || app.category === filters.category)
    .filter((app) => matchesSearch([app.name, app.description, ...app.tags], filters.search))
    .sort(comparators[filters.sort]);
}

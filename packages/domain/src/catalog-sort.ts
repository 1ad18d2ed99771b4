// The orders of the app store (/apps): each sort has its key, and every tie falls back to the name, then
// the id, so apps that share a price or a date always come in the same order, whatever order the list
// arrived in.
import type { PublicApp } from './catalog.ts';

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

/** What the sorts read of an app. */
export type SortableApp = Pick<PublicApp, 'id' | 'name' | 'isFeatured' | 'downloads' | 'rating' | 'createdAt' | 'lastUpdate' | 'price'>;

/** By name (pt-BR), then by id: a total order, so ties of every other key are stable. */
const byName = (a: SortableApp, b: SortableApp) => a.name.localeCompare(b.name, 'pt-BR') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const APP_COMPARATORS: Record<AppSort, (a: SortableApp, b: SortableApp) => number> = {
  featured: (a, b) => Number(b.isFeatured) - Number(a.isFeatured) || b.downloads - a.downloads || byName(a, b),
  rating: (a, b) => b.rating.average - a.rating.average || b.rating.total - a.rating.total || byName(a, b),
  name: byName,
  newest: (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || Date.parse(b.lastUpdate) - Date.parse(a.lastUpdate) || byName(a, b),
  'price-low': (a, b) => a.price - b.price || byName(a, b),
  'price-high': (a, b) => b.price - a.price || byName(a, b),
};

/** A sorted copy of `apps`. */
export function sortApps<T extends SortableApp>(apps: readonly T[], sort: AppSort): T[] {
  return [...apps].sort(APP_COMPARATORS[sort]);
}

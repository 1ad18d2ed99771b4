import { describe, expect, it } from 'vitest';
import { APP_SORTS, sortApps, type SortableApp } from './catalog-sort.ts';

const app = (id: string, name: string, overrides: Partial<SortableApp> = {}): SortableApp => ({
  id,
  name,
  isFeatured: false,
  downloads: 0,
  rating: { average: 0, total: 0 },
  price: 10,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUpdate: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('the app store sorts', () => {
  // Same price, same dates, same everything but the name and the id.
  const apps = [app('c', 'Zeta'), app('b', 'Alfa'), app('a', 'Alfa'), app('d', 'Beta')];
  const permutations = [apps, [...apps].reverse(), [apps[2]!, apps[0]!, apps[3]!, apps[1]!]];

  it.each(APP_SORTS)('%s breaks ties by name, then by id, whatever order the list arrived in', (sort) => {
    for (const list of permutations) expect(sortApps(list, sort).map((one) => one.id)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('sort by their key first', () => {
    const priced = [app('1', 'A', { price: 30 }), app('2', 'B', { price: 0 }), app('3', 'C', { price: 30 })];
    expect(sortApps(priced, 'price-low').map((one) => one.id)).toEqual(['2', '1', '3']);
    expect(sortApps(priced, 'price-high').map((one) => one.id)).toEqual(['1', '3', '2']);
    const dated = [app('1', 'A'), app('2', 'B', { createdAt: '2026-02-01T00:00:00.000Z' }), app('3', 'C', { lastUpdate: '2026-03-01T00:00:00.000Z' })];
    expect(sortApps(dated, 'newest').map((one) => one.id)).toEqual(['2', '3', '1']);
  });

  it('leave the list they were given as it was', () => {
    const list = [app('b', 'B'), app('a', 'A')];
    sortApps(list, 'name');
    expect(list.map((one) => one.id)).toEqual(['b', 'a']);
  });
});

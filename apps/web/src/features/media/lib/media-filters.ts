// The /midia view in the URL, so a filtered view can be shared and survives a reload:
// ?tipo=series&genero=18&ano=2021
import type { MediaFilters, MediaType } from '@vitrine/domain/media';
import { MAX_YEAR, MIN_YEAR } from '@vitrine/domain/media-display';

export const TAB_PARAM = 'tipo';
export const GENRE_PARAM = 'genero';
export const YEAR_PARAM = 'ano';

const TAB_VALUES: Record<MediaType, string> = { movie: 'filmes', tv: 'series' };

export interface MediaView extends MediaFilters {
  tab: MediaType;
}

const positiveInt = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

/** Unknown or malformed values are ignored rather than failing the page. */
export function readMediaView(params: URLSearchParams): MediaView {
  const tab: MediaType = params.get(TAB_PARAM) === TAB_VALUES.tv ? 'tv' : 'movie';
  const genre = positiveInt(params.get(GENRE_PARAM));
  const year = positiveInt(params.get(YEAR_PARAM));
  return {
    tab,
    genre: genre && genre > 0 ? genre : undefined,
    year: year && year >= MIN_YEAR && year <= MAX_YEAR ? year : undefined,
  };
}

export function writeMediaView(params: URLSearchParams, view: MediaView): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | undefined) => (value === undefined ? next.delete(name) : next.set(name, value));
  set(TAB_PARAM, view.tab === 'tv' ? TAB_VALUES.tv : undefined);
  set(GENRE_PARAM, view.genre !== undefined ? String(view.genre) : undefined);
  set(YEAR_PARAM, view.year !== undefined ? String(view.year) : undefined);
  return next;
}

export const activeFilterCount = (view: MediaFilters) => Number(view.genre !== undefined) + Number(view.year !== undefined);

/** Years offered by the filter: next year down to 1950. */
export function filterYears(today = new Date()): number[] {
  const last = today.getFullYear() + 1;
  return Array.from({ length: last - 1950 + 1 }, (_, index) => last - index);
}

import type { MediaListItem } from '@vitrine/domain/media';
import { MEDIA_TYPE_LABELS } from '@vitrine/domain/media-display';
import { formatDecimal } from '@vitrine/domain/number-format';
import { plural } from '@/lib/format';

export { displayTitle, formatVote, UNKNOWN_TITLE } from '@vitrine/domain/media-display';

export const typeLabel = (item: Pick<MediaListItem, 'mediaType'>) => MEDIA_TYPE_LABELS[item.mediaType];

export const formatVoteCount = (count: number) => `${formatDecimal(count)} ${count === 1 ? 'voto' : 'votos'}`;

/** 125 → '2h 05min'; 45 → '45min'. */
export function formatRuntime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}min`;
  return rest === 0 ? `${hours}h` : `${hours}h ${String(rest).padStart(2, '0')}min`;
}

export function formatSeasons(seasons: number | null, episodes: number | null): string | null {
  const parts = [
    seasons !== null ? plural(seasons, 'temporada', 'temporadas') : null,
    episodes !== null ? plural(episodes, 'episódio', 'episódios') : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** '2024-05-10' → '10/05/2024', read as a calendar date (no time zone shift). */
export function formatReleaseDate(date: string | null): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : null;
}

// Made on first use: creating it loads the browser's language names.
let languages: Intl.DisplayNames | null | undefined;

export function formatLanguage(code: string | null): string | null {
  if (!code) return null;
  try {
    languages ??= typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['pt-BR'], { type: 'language' }) : null;
    const name = languages?.of(code);
    return name ? name.charAt(0).toUpperCase() + name.slice(1) : code;
  } catch {
    return code;
  }
}

// The catalogue's rules the pages need, without schemas: labels, the /midia rows, filter and search
// limits, image URLs, trailers and links, and the home page's highlights. media.ts re-exports all of
// it with the schemas.
import { formatDecimal } from './number-format.ts';

// ---------------------------------------------------------------- kinds (media.ts builds their schemas)

export const MEDIA_TYPES = ['movie', 'tv'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_SOURCES = ['tmdb', 'local'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];
export const MEDIA_LISTS = ['trending', 'now_playing', 'upcoming', 'on_the_air', 'popular', 'top_rated'] as const;
export type MediaList = (typeof MEDIA_LISTS)[number];

// ---------------------------------------------------------------- labels

/** The badge of a title in search results and dialogs. */
export const MEDIA_TYPE_LABELS: Readonly<Record<MediaType, string>> = { movie: 'Filme', tv: 'Série' };

export const UNKNOWN_TITLE = 'Título não disponível';

export const displayTitle = (item: { title: string }) => item.title.trim() || UNKNOWN_TITLE;

/** '8,4' — or null when nobody has voted yet. */
export const formatVote = (item: { voteAverage: number; voteCount: number }) => (item.voteCount > 0 ? formatDecimal(item.voteAverage, 1) : null);

// ---------------------------------------------------------------- rows, filters, search

/** The rows of each /midia tab, in order, with the specification's labels. */
export const MEDIA_ROWS: Readonly<Record<MediaType, readonly { list: MediaList; label: string }[]>> = {
  movie: [
    { list: 'trending', label: 'Em Alta' },
    { list: 'now_playing', label: 'Em Cartaz' },
    { list: 'popular', label: 'Mais Populares' },
    { list: 'top_rated', label: 'Melhor Avaliados' },
    { list: 'upcoming', label: 'Lançamentos' },
  ],
  tv: [
    { list: 'trending', label: 'Em Alta' },
    { list: 'on_the_air', label: 'No Ar' },
    { list: 'popular', label: 'Mais Populares' },
    { list: 'top_rated', label: 'Melhor Avaliadas' },
  ],
};

/** 'now_playing' and 'upcoming' exist for movies only, 'on_the_air' for series only. */
export const isListOf = (mediaType: MediaType, list: MediaList) => MEDIA_ROWS[mediaType].some((row) => row.list === list);

/** The years a filter accepts. */
export const MIN_YEAR = 1870;
export const MAX_YEAR = 2100;

/** Multi-search runs only when the query is longer than 2 characters. */
export const MIN_SEARCH_LENGTH = 3;
export const MAX_SEARCH_LENGTH = 100;
export const isSearchableQuery = (query: string) => query.trim().length >= MIN_SEARCH_LENGTH;

/** The search dropdown shows at most 8 results. */
export const SEARCH_DROPDOWN_SIZE = 8;

// ---------------------------------------------------------------- images, trailers, links

export const TMDB_IMAGE_BASE_URL = 'https://image.tmdb.org/t/p/';
export type ImageKind = 'poster' | 'backdrop';
export type ImageSize = 'w300' | 'w342' | 'w500' | 'w780' | 'w1280';

// The sizes TMDB's configuration offers for each kind, among the ones we use.
export const IMAGE_SIZES: Readonly<Record<ImageKind, readonly { size: ImageSize; width: number }[]>> = {
  poster: [
    { size: 'w342', width: 342 },
    { size: 'w500', width: 500 },
    { size: 'w780', width: 780 },
  ],
  backdrop: [
    { size: 'w300', width: 300 },
    { size: 'w780', width: 780 },
    { size: 'w1280', width: 1280 },
  ],
};

/** The smallest size at least as wide as the element in device pixels; the largest when none is. */
export function chooseImageSize(kind: ImageKind, cssWidth: number, pixelRatio = 1): ImageSize {
  const sizes = IMAGE_SIZES[kind];
  const needed = Math.max(1, cssWidth) * Math.max(1, pixelRatio);
  return (sizes.find((candidate) => candidate.width >= needed) ?? sizes[sizes.length - 1]!).size;
}

const TMDB_IMAGE_PATH = /^\/[\w-]+\.(?:jpe?g|png|webp|svg)$/i;
export const isTmdbImagePath = (path: string) => TMDB_IMAGE_PATH.test(path);

/**
 * The URL of a title's image for an element `cssWidth` pixels wide: a TMDB image at the chosen
 * size, or the local catalogue's own URL as stored.
 */
export function mediaImageUrl(source: MediaSource, path: string | null | undefined, kind: ImageKind, cssWidth: number, pixelRatio = 1): string | null {
  if (!path) return null;
  if (source === 'local') return path;
  if (!isTmdbImagePath(path)) return null;
  return `${TMDB_IMAGE_BASE_URL}${chooseImageSize(kind, cssWidth, pixelRatio)}${path}`;
}

/**
 * The image's candidates for a screen of one and of two device pixels per CSS pixel (`srcset`), so the
 * browser picks without the page knowing the screen; undefined when both are the same image.
 */
export function mediaImageSrcSet(source: MediaSource, path: string | null | undefined, kind: ImageKind, cssWidth: number): string | undefined {
  const single = mediaImageUrl(source, path, kind, cssWidth, 1);
  const double = mediaImageUrl(source, path, kind, cssWidth, 2);
  return single && double && double !== single ? `${single} 1x, ${double} 2x` : undefined;
}

export const YOUTUBE_KEY = /^[A-Za-z0-9_-]{6,20}$/;
export const youtubeEmbedUrl = (key: string) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(key)}`;

export const IMDB_ID = /^tt\d{5,10}$/;
export const imdbUrl = (imdbId: string | null | undefined) => (imdbId && IMDB_ID.test(imdbId) ? `https://www.imdb.com/title/${imdbId}/` : null);

export interface MediaVideo {
  site: string;
  type: string;
  key: string;
  name?: string | null;
}

/** The first YouTube trailer; a teaser only when there is no trailer. */
export function pickTrailer(videos: readonly MediaVideo[]): { key: string; name: string | null } | null {
  const youtube = videos.filter((video) => video.site === 'YouTube' && YOUTUBE_KEY.test(video.key));
  const found = youtube.find((video) => video.type === 'Trailer') ?? youtube.find((video) => video.type === 'Teaser');
  return found ? { key: found.key, name: found.name ?? null } : null;
}

// ---------------------------------------------------------------- /midia hero

/** The banner of /midia shows the first trending movie over its backdrop, drawn 1280 CSS pixels wide. */
export const MEDIA_HERO = { mediaType: 'movie', list: 'trending', backdropWidth: 1280 } as const;

/** The hero's backdrop URL for the first title of the trending movies (the same at any pixel ratio: TMDB's widest is 1280). */
export const mediaHeroImageUrl = (first: { source: MediaSource; backdropPath: string | null } | undefined) =>
  first ? mediaImageUrl(first.source, first.backdropPath, 'backdrop', MEDIA_HERO.backdropWidth) : null;

type HeroItem = {
  source: MediaSource;
  backdropPath: string | null;
  title: string;
  year: number | null;
  overview: string;
  voteAverage: number;
  voteCount: number;
};

/** What the hero writes about the first trending movie, the same in the browser and in the page the server fills. */
export interface MediaHeroText {
  title: string;
  /** 'Filme · 2024', or 'Filme' without a year. */
  kindAndYear: string;
  vote: string | null;
  overview: string;
  imageUrl: string | null;
}

export const mediaHeroText = (first: HeroItem): MediaHeroText => ({
  title: displayTitle(first),
  kindAndYear: `${MEDIA_TYPE_LABELS[MEDIA_HERO.mediaType]}${first.year ? ` · ${first.year}` : ''}`,
  vote: formatVote(first),
  overview: first.overview,
  imageUrl: mediaHeroImageUrl(first),
});

// ---------------------------------------------------------------- home highlights

export const HOME_HIGHLIGHTS = { perType: 4, minVote: 7, limit: 6 } as const;

/**
 * The home page's premium entertainment section: the first 4 trending movies and the first 4
 * trending series, only those rated 7 or more, the 6 best rated of them (ties: more votes, then the
 * earlier trending position, movies before series).
 */
export function pickHomeHighlights<T extends { voteAverage: number; voteCount: number }>(trendingMovies: readonly T[], trendingSeries: readonly T[]): T[] {
  const candidates = [
    ...trendingMovies.slice(0, HOME_HIGHLIGHTS.perType).map((item, position) => ({ item, position, kind: 0 })),
    ...trendingSeries.slice(0, HOME_HIGHLIGHTS.perType).map((item, position) => ({ item, position, kind: 1 })),
  ];
  return candidates
    .filter(({ item }) => item.voteAverage >= HOME_HIGHLIGHTS.minVote)
    .sort((a, b) => b.item.voteAverage - a.item.voteAverage || b.item.voteCount - a.item.voteCount || a.position - b.position || a.kind - b.kind)
    .slice(0, HOME_HIGHLIGHTS.limit)
    .map(({ item }) => item);
}

// The catalogue from TMDB (API v3), in Brazilian Portuguese, normalised to the shared contract.
import { z } from 'zod';
import {
  BACKDROPS_SHOWN,
  IMDB_ID,
  isTmdbImagePath,
  MAX_PAGE,
  pickTrailer,
  yearOf,
  YOUTUBE_KEY,
  type Genre,
  type MediaDetails,
  type MediaDiscoverQuery,
  type MediaList,
  type MediaListItem,
  type MediaPage,
  type MediaType,
  type MediaVideo,
} from '@vitrine/domain/media';
import { titleNotFound } from './media.errors.ts';
import type { MediaProvider } from './media.provider.ts';
import type { TmdbClient, TmdbParams } from './media.tmdb-client.ts';

const MINUTE = 60_000;

/** Cache lifetimes per call kind. */
export const TMDB_TTL_MS = {
  popular: 10 * MINUTE,
  now_playing: 10 * MINUTE,
  on_the_air: 10 * MINUTE,
  discover: 10 * MINUTE,
  top_rated: 30 * MINUTE,
  upcoming: 30 * MINUTE,
  trending: 30 * MINUTE,
  details: 30 * MINUTE,
  images: 60 * MINUTE,
  videos: 60 * MINUTE,
  genres: 60 * MINUTE,
  configuration: 60 * MINUTE,
  search: 5 * MINUTE,
} as const;

const LANGUAGE = 'pt-BR';
const REGION = 'BR';
const FALLBACK_LANGUAGE = 'en-US';
// Backdrops are mostly textless ('null' language); Portuguese and English ones come after.
const IMAGE_LANGUAGES = 'pt,en,null';

// ---------------------------------------------------------------- TMDB shapes (read leniently)

const text = z.string().nullish().catch(null);
const number = z.number().nullish().catch(null);

const tmdbItemSchema = z.object({
  id: z.number().int().nonnegative(),
  media_type: z.string().nullish().catch(null),
  title: text,
  name: text,
  original_title: text,
  original_name: text,
  release_date: text,
  first_air_date: text,
  overview: text,
  vote_average: number,
  vote_count: number,
  poster_path: text,
  backdrop_path: text,
  genre_ids: z.array(z.number().int()).nullish().catch(null),
});
type TmdbItem = z.infer<typeof tmdbItemSchema>;

const tmdbPageSchema = z.object({
  page: z.number().int().catch(1),
  total_pages: z.number().int().catch(1),
  total_results: z.number().int().catch(0),
  results: z.array(z.unknown()),
});

const tmdbVideoSchema = z.object({ site: z.string(), type: z.string(), key: z.string(), name: text });
const tmdbVideosSchema = z.object({ results: z.array(z.unknown()).catch([]) });
const tmdbImagesSchema = z.object({ backdrops: z.array(z.unknown()).catch([]) });
const tmdbImageSchema = z.object({ file_path: z.string() });

const tmdbDetailsSchema = tmdbItemSchema.extend({
  runtime: number,
  episode_run_time: z.array(z.number()).nullish().catch(null),
  number_of_seasons: number,
  number_of_episodes: number,
  genres: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .nullish()
    .catch(null),
  homepage: text,
  imdb_id: text,
  external_ids: z.object({ imdb_id: text }).nullish().catch(null),
  original_language: text,
  videos: tmdbVideosSchema.nullish().catch(null),
  images: tmdbImagesSchema.nullish().catch(null),
});
type TmdbDetails = z.infer<typeof tmdbDetailsSchema>;

const tmdbGenresSchema = z.object({ genres: z.array(z.object({ id: z.number().int(), name: z.string() })) });
const tmdbOverviewSchema = z.object({ overview: text });

export const tmdbConfigurationSchema = z.object({
  images: z.object({
    secure_base_url: z.string(),
    poster_sizes: z.array(z.string()),
    backdrop_sizes: z.array(z.string()),
  }),
});
export type TmdbConfiguration = z.infer<typeof tmdbConfigurationSchema>;

// ---------------------------------------------------------------- normalisation

const isoDate = (value: string | null | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
const imagePath = (value: string | null | undefined) => (value && isTmdbImagePath(value) ? value : null);
const oneDecimal = (value: number | null | undefined) => Math.round((value ?? 0) * 10) / 10;
const webUrl = (value: string | null | undefined) => {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
};

function toListItem(raw: TmdbItem, mediaType: MediaType): MediaListItem {
  const date = isoDate(mediaType === 'movie' ? raw.release_date : raw.first_air_date);
  return {
    id: String(raw.id),
    mediaType,
    source: 'tmdb',
    title: (mediaType === 'movie' ? raw.title : raw.name)?.trim() ?? '',
    originalTitle: (mediaType === 'movie' ? raw.original_title : raw.original_name)?.trim() || null,
    date,
    year: yearOf(date),
    overview: raw.overview?.trim() ?? '',
    voteAverage: oneDecimal(raw.vote_average),
    voteCount: Math.max(0, Math.round(raw.vote_count ?? 0)),
    posterPath: imagePath(raw.poster_path),
    backdropPath: imagePath(raw.backdrop_path),
    genreIds: raw.genre_ids ?? [],
  };
}

/** A page of results; malformed entries are skipped, and multi-search keeps movies and series only. */
const parsePage =
  (mediaType: MediaType | 'multi') =>
  (body: unknown): Omit<MediaPage, 'source'> => {
    const page = tmdbPageSchema.parse(body);
    const results: MediaListItem[] = [];
    for (const entry of page.results) {
      const parsed = tmdbItemSchema.safeParse(entry);
      if (!parsed.success) continue;
      const type = mediaType === 'multi' ? parsed.data.media_type : mediaType;
      if (type !== 'movie' && type !== 'tv') continue;
      results.push(toListItem(parsed.data, type));
    }
    return {
      page: page.page,
      totalPages: Math.max(1, Math.min(page.total_pages, MAX_PAGE)),
      totalResults: page.total_results,
      results,
    };
  };

const parseVideos = (entries: unknown[]): MediaVideo[] =>
  entries.flatMap((entry) => {
    const parsed = tmdbVideoSchema.safeParse(entry);
    return parsed.success ? [{ site: parsed.data.site, type: parsed.data.type, key: parsed.data.key, name: parsed.data.name ?? null }] : [];
  });

const parseBackdrops = (entries: unknown[]): string[] =>
  entries
    .flatMap((entry) => {
      const parsed = tmdbImageSchema.safeParse(entry);
      return parsed.success && isTmdbImagePath(parsed.data.file_path) ? [parsed.data.file_path] : [];
    })
    .slice(0, BACKDROPS_SHOWN);

const imdbIdOf = (value: string | null | undefined) => (value && IMDB_ID.test(value) ? value : null);
const isTmdbId = (id: string) => /^\d{1,10}$/.test(id);

const isYoutubeTrailer = (video: MediaVideo) => video.site === 'YouTube' && video.type === 'Trailer' && YOUTUBE_KEY.test(video.key);

// ---------------------------------------------------------------- rows as discover queries

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/**
 * A filtered row is a discover query that reproduces the row's own selection (TMDB builds its
 * now-playing and upcoming lists the same way), narrowed by genre and year.
 */
function rowAsDiscover(mediaType: MediaType, list: MediaList, today: Date): TmdbParams {
  if (list === 'top_rated') return { sort_by: 'vote_average.desc', 'vote_count.gte': 200 };
  if (mediaType === 'movie' && list === 'now_playing') {
    return {
      sort_by: 'popularity.desc',
      with_release_type: '2|3',
      'release_date.gte': isoDay(addDays(today, -42)),
      'release_date.lte': isoDay(today),
    };
  }
  if (mediaType === 'movie' && list === 'upcoming') {
    return { sort_by: 'popularity.desc', with_release_type: '2|3', 'release_date.gte': isoDay(addDays(today, 1)) };
  }
  if (mediaType === 'tv' && list === 'on_the_air') {
    return { sort_by: 'popularity.desc', 'air_date.gte': isoDay(today), 'air_date.lte': isoDay(addDays(today, 7)) };
  }
  // Trending cannot be filtered; under filters it is the most popular of the selection.
  return { sort_by: 'popularity.desc' };
}

const DISCOVER_SORT: Record<MediaDiscoverQuery['sort'], (mediaType: MediaType) => TmdbParams> = {
  popularity: () => ({ sort_by: 'popularity.desc' }),
  rating: () => ({ sort_by: 'vote_average.desc', 'vote_count.gte': 200 }),
  date: (mediaType) => ({ sort_by: mediaType === 'movie' ? 'primary_release_date.desc' : 'first_air_date.desc' }),
};

const LIST_TTL: Record<MediaList, number> = {
  trending: TMDB_TTL_MS.trending,
  now_playing: TMDB_TTL_MS.now_playing,
  upcoming: TMDB_TTL_MS.upcoming,
  on_the_air: TMDB_TTL_MS.on_the_air,
  popular: TMDB_TTL_MS.popular,
  top_rated: TMDB_TTL_MS.top_rated,
};

export interface TmdbProviderOptions {
  client: TmdbClient;
  /** Today's date for the now-playing and upcoming windows of filtered rows. */
  today?: () => Date;
  logger: { warn(object: object, message: string): void };
}

export type TmdbProvider = MediaProvider & { configuration(): Promise<TmdbConfiguration> };

export function createTmdbProvider({ client, today = () => new Date(), logger }: TmdbProviderOptions): TmdbProvider {
  const withSource = (page: Omit<MediaPage, 'source'>): MediaPage => ({ source: 'tmdb', ...page });

  const discover: MediaProvider['discover'] = async (mediaType, { genre, year, page, sort }) =>
    discoverWith(mediaType, { genre, year, page }, DISCOVER_SORT[sort](mediaType), TMDB_TTL_MS.discover);

  async function discoverWith(
    mediaType: MediaType,
    { genre, year, page }: { genre?: number; year?: number; page: number },
    selection: TmdbParams,
    ttlMs: number,
  ): Promise<MediaPage> {
    const params: TmdbParams = {
      language: LANGUAGE,
      ...(mediaType === 'movie' ? { region: REGION, primary_release_year: year } : { first_air_date_year: year }),
      include_adult: 'false',
      with_genres: genre,
      page,
      ...selection,
    };
    return withSource(await client.get(`/discover/${mediaType}`, params, { ttlMs, parse: parsePage(mediaType) }));
  }

  const trending: MediaProvider['trending'] = async (mediaType, window, page) =>
    // Trending is worldwide: TMDB offers no region for it, only translated texts.
    withSource(
      await client.get(`/trending/${mediaType}/${window}`, { language: LANGUAGE, page }, { ttlMs: TMDB_TTL_MS.trending, parse: parsePage(mediaType) }),
    );

  const videos = async (mediaType: MediaType, id: string, params: TmdbParams = { language: LANGUAGE }) =>
    (
      await client.get(`/${mediaType}/${id}/videos`, params, {
        ttlMs: TMDB_TTL_MS.videos,
        missingIsTitle: true,
        parse: (body) => ({ videos: parseVideos(tmdbVideosSchema.parse(body).results) }),
      })
    ).videos;

  /** A second call whose failure only costs the fallback, never the details. */
  async function optional<T>(what: string, call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (error) {
      logger.warn({ fallback: what, code: (error as { code?: unknown }).code }, 'complemento em inglês indisponível');
      return null;
    }
  }

  return {
    source: 'tmdb',

    async list(mediaType, list, { page, genre, year, window }) {
      if (genre !== undefined || year !== undefined) {
        return discoverWith(mediaType, { genre, year, page }, rowAsDiscover(mediaType, list, today()), LIST_TTL[list]);
      }
      if (list === 'trending') return trending(mediaType, window, page);
      const params: TmdbParams = { language: LANGUAGE, region: REGION, page };
      return withSource(await client.get(`/${mediaType}/${list}`, params, { ttlMs: LIST_TTL[list], parse: parsePage(mediaType) }));
    },

    trending,
    discover,

    async search({ query, type, page }) {
      const params: TmdbParams = { language: LANGUAGE, query, page, include_adult: 'false', ...(type === 'movie' ? { region: REGION } : {}) };
      return withSource(await client.get(`/search/${type}`, params, { ttlMs: TMDB_TTL_MS.search, parse: parsePage(type) }));
    },

    async genres(mediaType) {
      const { genres } = await client.get(
        `/genre/${mediaType}/list`,
        { language: LANGUAGE },
        {
          ttlMs: TMDB_TTL_MS.genres,
          parse: (body) => tmdbGenresSchema.parse(body),
        },
      );
      return [...genres].sort((a: Genre, b: Genre) => a.name.localeCompare(b.name, 'pt-BR'));
    },

    async details(mediaType, id) {
      if (!isTmdbId(id)) throw titleNotFound();
      const raw = await client.get<TmdbDetails>(
        `/${mediaType}/${id}`,
        {
          language: LANGUAGE,
          append_to_response: mediaType === 'tv' ? 'videos,images,external_ids' : 'videos,images',
          include_image_language: IMAGE_LANGUAGES,
        },
        { ttlMs: TMDB_TTL_MS.details, missingIsTitle: true, parse: (body) => tmdbDetailsSchema.parse(body) },
      );
      const item = toListItem(raw, mediaType);

      // An empty Portuguese overview is replaced by the English one.
      let overview = item.overview;
      if (!overview) {
        const english = await optional('overview', () =>
          client.get(`/${mediaType}/${id}`, { language: FALLBACK_LANGUAGE }, { ttlMs: TMDB_TTL_MS.details, parse: (body) => tmdbOverviewSchema.parse(body) }),
        );
        overview = english?.overview?.trim() ?? '';
      }

      // No Portuguese trailer: ask again including English videos.
      const portuguese = parseVideos(raw.videos?.results ?? []);
      let trailer = pickTrailer(portuguese.filter(isYoutubeTrailer));
      if (!trailer) {
        const english = (await optional('trailer', () => videos(mediaType, id, { language: LANGUAGE, include_video_language: 'en' }))) ?? [];
        trailer = pickTrailer(english.filter(isYoutubeTrailer)) ?? pickTrailer(portuguese) ?? pickTrailer(english);
      }

      const backdrops = parseBackdrops(raw.images?.backdrops ?? []);
      return {
        ...item,
        overview,
        genreIds: raw.genres?.map((genre) => genre.id) ?? item.genreIds,
        genres: raw.genres ?? [],
        runtime: mediaType === 'movie' ? raw.runtime || null : null,
        numberOfSeasons: mediaType === 'tv' ? (raw.number_of_seasons ?? null) : null,
        numberOfEpisodes: mediaType === 'tv' ? (raw.number_of_episodes ?? null) : null,
        homepage: webUrl(raw.homepage),
        imdbId: imdbIdOf(mediaType === 'movie' ? raw.imdb_id : raw.external_ids?.imdb_id),
        backdrops: backdrops.length > 0 ? backdrops : item.backdropPath ? [item.backdropPath] : [],
        trailerKey: trailer?.key ?? null,
        trailerName: trailer?.name ?? null,
        originalLanguage: raw.original_language || null,
      } satisfies MediaDetails;
    },

    async images(mediaType, id) {
      if (!isTmdbId(id)) throw titleNotFound();
      const { backdrops } = await client.get(
        `/${mediaType}/${id}/images`,
        { include_image_language: IMAGE_LANGUAGES },
        {
          ttlMs: TMDB_TTL_MS.images,
          missingIsTitle: true,
          parse: (body) => ({ backdrops: parseBackdrops(tmdbImagesSchema.parse(body).backdrops) }),
        },
      );
      return backdrops;
    },

    async videos(mediaType, id) {
      if (!isTmdbId(id)) throw titleNotFound();
      return videos(mediaType, id);
    },

    async configuration() {
      return client.get('/configuration', {}, { ttlMs: TMDB_TTL_MS.configuration, parse: (body) => tmdbConfigurationSchema.parse(body) });
    },
  };
}

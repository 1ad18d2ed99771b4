// Movie and series catalogue: one contract for both sources (TMDB through our API, or the local
// catalogue stored in our database), and the pure rules both sides apply to it.
import './zod-locale.ts';
import { z } from 'zod';
import { foldText } from './catalog.ts';
import { versionedUpdateSchema } from './edit-version.ts';
import {
  IMDB_ID,
  isListOf,
  MAX_SEARCH_LENGTH,
  MAX_YEAR,
  MEDIA_LISTS,
  MEDIA_SOURCES,
  MEDIA_TYPE_LABELS,
  MEDIA_TYPES,
  MIN_SEARCH_LENGTH,
  MIN_YEAR,
  YOUTUBE_KEY,
  type MediaType,
} from './media-display.ts';

// What the storefront's pages need (labels, rows, limits, image URLs, trailers, home highlights), kept
// free of schemas so the browser can show a page before it loads the validator.
export * from './media-display.ts';

// ---------------------------------------------------------------- kinds and rows

export const mediaTypeSchema = z.enum(MEDIA_TYPES, { error: 'Tipo de mídia inválido: use movie ou tv.' });

export const mediaSourceSchema = z.enum(MEDIA_SOURCES);

export const mediaListSchema = z.enum(MEDIA_LISTS, { error: 'Lista inexistente.' });

export const TRENDING_WINDOWS = ['day', 'week'] as const;
export const trendingWindowSchema = z.enum(TRENDING_WINDOWS);
export type TrendingWindow = z.infer<typeof trendingWindowSchema>;

// ---------------------------------------------------------------- genres

export const genreSchema = z.object({ id: z.number().int(), name: z.string() });
export type Genre = z.infer<typeof genreSchema>;

/** TMDB's genre ids with Portuguese names, so local titles filter with the same ids as TMDB ones. */
export const MEDIA_GENRES: Readonly<Record<MediaType, readonly Genre[]>> = {
  movie: [
    { id: 28, name: 'Ação' },
    { id: 12, name: 'Aventura' },
    { id: 16, name: 'Animação' },
    { id: 35, name: 'Comédia' },
    { id: 80, name: 'Crime' },
    { id: 99, name: 'Documentário' },
    { id: 18, name: 'Drama' },
    { id: 10751, name: 'Família' },
    { id: 14, name: 'Fantasia' },
    { id: 36, name: 'História' },
    { id: 27, name: 'Terror' },
    { id: 10402, name: 'Música' },
    { id: 9648, name: 'Mistério' },
    { id: 10749, name: 'Romance' },
    { id: 878, name: 'Ficção científica' },
    { id: 10770, name: 'Cinema TV' },
    { id: 53, name: 'Thriller' },
    { id: 10752, name: 'Guerra' },
    { id: 37, name: 'Faroeste' },
  ],
  tv: [
    { id: 10759, name: 'Ação e Aventura' },
    { id: 16, name: 'Animação' },
    { id: 35, name: 'Comédia' },
    { id: 80, name: 'Crime' },
    { id: 99, name: 'Documentário' },
    { id: 18, name: 'Drama' },
    { id: 10751, name: 'Família' },
    { id: 10762, name: 'Infantil' },
    { id: 9648, name: 'Mistério' },
    { id: 10763, name: 'Notícias' },
    { id: 10764, name: 'Reality' },
    { id: 10765, name: 'Ficção científica e Fantasia' },
    { id: 10766, name: 'Novela' },
    { id: 10767, name: 'Talk show' },
    { id: 10768, name: 'Guerra e Política' },
    { id: 37, name: 'Faroeste' },
  ],
};

export const genreName = (mediaType: MediaType, id: number) => MEDIA_GENRES[mediaType].find((genre) => genre.id === id)?.name;

// ---------------------------------------------------------------- titles

/** A TMDB id (digits) or a local title's UUID. */
export const mediaIdSchema = z.string().regex(/^(?:\d{1,10}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, 'Título inválido.');

export const mediaListItemSchema = z.object({
  id: z.string(),
  mediaType: mediaTypeSchema,
  source: mediaSourceSchema,
  /** Empty when the source has none: the interface shows 'Título não disponível'. */
  title: z.string(),
  originalTitle: z.string().nullable(),
  /** Release date (movies) or first air date (series), YYYY-MM-DD. */
  date: z.string().nullable(),
  year: z.number().int().nullable(),
  overview: z.string(),
  voteAverage: z.number(),
  voteCount: z.number().int(),
  /** A TMDB image path ('/abc.jpg') or, for local titles, a URL served by us. */
  posterPath: z.string().nullable(),
  backdropPath: z.string().nullable(),
  genreIds: z.array(z.number().int()),
});
export type MediaListItem = z.infer<typeof mediaListItemSchema>;

export const mediaDetailsSchema = mediaListItemSchema.extend({
  genres: z.array(genreSchema),
  /** Minutes, for movies. */
  runtime: z.number().int().nullable(),
  numberOfSeasons: z.number().int().nullable(),
  numberOfEpisodes: z.number().int().nullable(),
  homepage: z.string().nullable(),
  imdbId: z.string().nullable(),
  /** The first 6 backdrop images. */
  backdrops: z.array(z.string()).max(6),
  /** The YouTube key of the first trailer. */
  trailerKey: z.string().nullable(),
  trailerName: z.string().nullable(),
  originalLanguage: z.string().nullable(),
});
export type MediaDetails = z.infer<typeof mediaDetailsSchema>;

export const mediaPageSchema = z.object({
  source: mediaSourceSchema,
  page: z.number().int(),
  totalPages: z.number().int(),
  totalResults: z.number().int(),
  results: z.array(mediaListItemSchema),
});
export type MediaPage = z.infer<typeof mediaPageSchema>;

export const mediaHomeSchema = z.object({ source: mediaSourceSchema, items: z.array(mediaListItemSchema) });
export type MediaHome = z.infer<typeof mediaHomeSchema>;

export const mediaGenreListSchema = z.object({ source: mediaSourceSchema, genres: z.array(genreSchema) });
export type MediaGenreList = z.infer<typeof mediaGenreListSchema>;

export const BACKDROPS_SHOWN = 6;
export const MEDIA_PAGE_SIZE = 20;
/** TMDB serves at most page 500 of any list. */
export const MAX_PAGE = 500;

export const yearOf = (date: string | null | undefined): number | null => {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(date ?? '');
  return match ? Number(match[1]) : null;
};

// ---------------------------------------------------------------- requests

const page = z.coerce
  .number({ error: 'Página inválida.' })
  .int('Página inválida.')
  .min(1, 'Página inválida.')
  .max(MAX_PAGE, `A página vai até ${MAX_PAGE}.`)
  .default(1);
const genreFilter = z.coerce.number({ error: 'Gênero inválido.' }).int('Gênero inválido.').positive('Gênero inválido.').optional();
const yearFilter = z.coerce
  .number({ error: 'Ano inválido.' })
  .int('Ano inválido.')
  .min(MIN_YEAR, `O ano deve estar entre ${MIN_YEAR} e ${MAX_YEAR}.`)
  .max(MAX_YEAR, `O ano deve estar entre ${MIN_YEAR} e ${MAX_YEAR}.`)
  .optional();

export const mediaFiltersSchema = z.object({ genre: genreFilter, year: yearFilter });
export type MediaFilters = z.infer<typeof mediaFiltersSchema>;

export const mediaListParamsSchema = z
  .object({ mediaType: mediaTypeSchema, list: mediaListSchema })
  .refine((params) => isListOf(params.mediaType, params.list), { message: 'Esta lista não existe para este tipo de mídia.', path: ['list'] });

export const mediaListQuerySchema = mediaFiltersSchema.extend({ page, window: trendingWindowSchema.default('week') });
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;

export const mediaTypeParamsSchema = z.object({ mediaType: mediaTypeSchema });
export const mediaTitleParamsSchema = z.object({ mediaType: mediaTypeSchema, id: mediaIdSchema });

export const DISCOVER_SORTS = ['popularity', 'rating', 'date'] as const;
export const mediaDiscoverQuerySchema = mediaFiltersSchema.extend({ page, sort: z.enum(DISCOVER_SORTS).default('popularity') });
export type MediaDiscoverQuery = z.infer<typeof mediaDiscoverQuerySchema>;

export const SEARCH_TYPES = ['multi', 'movie', 'tv'] as const;
export const mediaSearchQuerySchema = z.object({
  query: z
    .string({ error: 'Informe o que buscar.' })
    .trim()
    .min(MIN_SEARCH_LENGTH, `Digite pelo menos ${MIN_SEARCH_LENGTH} caracteres para buscar.`)
    .max(MAX_SEARCH_LENGTH, `A busca aceita até ${MAX_SEARCH_LENGTH} caracteres.`),
  type: z.enum(SEARCH_TYPES).default('multi'),
  page,
});
export type MediaSearchQuery = z.infer<typeof mediaSearchQuerySchema>;

/** Text a local title is searched by: title and original title, without accents or case. */
export const mediaSearchText = (title: string, originalTitle?: string | null) => foldText([title, originalTitle ?? ''].join(' ').trim());

// ---------------------------------------------------------------- local titles (admin writes)

/** A path on our site ('/demo/…', never '//host') or an https URL. */
const localImageUrl = z
  .string()
  .trim()
  .max(500, 'Endereço de imagem longo demais.')
  .regex(/^(?:\/(?!\/)\S*|https:\/\/\S+)$/, 'Use um caminho do site (/…) ou uma URL https.');

const optionalNullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

const localTitleFields = {
  title: z.string().trim().min(1, 'Informe o título.').max(200, 'O título aceita até 200 caracteres.'),
  originalTitle: optionalNullable(z.string().trim().max(200, 'O título original aceita até 200 caracteres.')),
  overview: z.string().trim().max(4000, 'A sinopse aceita até 4000 caracteres.').optional(),
  date: optionalNullable(z.iso.date('Data inválida: use AAAA-MM-DD.')),
  posterUrl: optionalNullable(localImageUrl),
  backdropUrl: optionalNullable(localImageUrl),
  backdrops: z.array(localImageUrl).max(12, 'No máximo 12 imagens de fundo.').optional(),
  voteAverage: z.number().min(0, 'A nota vai de 0 a 10.').max(10, 'A nota vai de 0 a 10.').optional(),
  voteCount: z.number().int().min(0).max(100_000_000).optional(),
  popularity: z.number().min(0).max(1_000_000).optional(),
  genreIds: z.array(z.number().int()).max(10, 'No máximo 10 gêneros.').optional(),
  runtime: optionalNullable(z.number().int().min(1, 'Duração inválida.').max(1000, 'Duração inválida.')),
  numberOfSeasons: optionalNullable(z.number().int().min(1, 'Número de temporadas inválido.').max(500)),
  numberOfEpisodes: optionalNullable(z.number().int().min(1, 'Número de episódios inválido.').max(100_000)),
  homepage: optionalNullable(z.url({ protocol: /^https?$/, error: 'Site inválido: use uma URL http(s).' }).max(500)),
  imdbId: optionalNullable(z.string().trim().regex(IMDB_ID, 'Código IMDb inválido (ex.: tt1234567).')),
  trailerKey: optionalNullable(z.string().trim().regex(YOUTUBE_KEY, 'Código de vídeo do YouTube inválido.')),
  originalLanguage: optionalNullable(
    z
      .string()
      .trim()
      .regex(/^[a-z]{2}$/, 'Idioma inválido (ex.: pt).'),
  ),
  lists: z.array(mediaListSchema).max(MEDIA_LISTS.length).optional(),
  trendingRank: optionalNullable(z.number().int().min(1).max(10_000)),
  isActive: z.boolean().optional(),
};

/** The fields to change (at least one), and the version the edit started from (the title's updatedAt as read). */
export const localTitlePatchSchema = versionedUpdateSchema(localTitleFields);
export type LocalTitlePatch = z.infer<typeof localTitlePatchSchema>;

export const localTitleInputSchema = z.strictObject({ mediaType: mediaTypeSchema, ...localTitleFields });
export type LocalTitleInput = z.infer<typeof localTitleInputSchema>;

/** Rules that depend on the media type; checked on the whole title, after a patch is applied. */
export function localTitleProblems(title: LocalTitleInput): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const { mediaType } = title;
  if (mediaType === 'movie' && (title.numberOfSeasons != null || title.numberOfEpisodes != null)) {
    problems.push({ field: 'numberOfSeasons', message: 'Filmes não têm temporadas nem episódios.' });
  }
  if (mediaType === 'tv' && title.runtime != null) {
    problems.push({ field: 'runtime', message: 'Para séries, informe temporadas e episódios em vez da duração.' });
  }
  for (const list of title.lists ?? []) {
    if (!isListOf(mediaType, list))
      problems.push({ field: 'lists', message: `A lista ${list} não existe para ${MEDIA_TYPE_LABELS[mediaType].toLowerCase()}s.` });
  }
  for (const id of title.genreIds ?? []) {
    if (!genreName(mediaType, id))
      problems.push({ field: 'genreIds', message: `Gênero ${id} desconhecido para ${MEDIA_TYPE_LABELS[mediaType].toLowerCase()}s.` });
  }
  if (new Set(title.genreIds ?? []).size !== (title.genreIds ?? []).length) {
    problems.push({ field: 'genreIds', message: 'Gênero repetido.' });
  }
  return problems;
}

export const localTitleSchema = localTitleInputSchema.superRefine((title, context) => {
  for (const problem of localTitleProblems(title)) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});

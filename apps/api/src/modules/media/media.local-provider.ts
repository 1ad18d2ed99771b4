// The local catalogue: titles stored in our database, served with the same contract as TMDB when
// no TMDB key is configured.
import { foldText } from '@vitrine/domain/catalog';
import {
  BACKDROPS_SHOWN,
  genreName,
  MEDIA_PAGE_SIZE,
  mediaSearchText,
  yearOf,
  type LocalTitleInput,
  type MediaDetails,
  type MediaList,
  type MediaListItem,
  type MediaPage,
  type MediaType,
} from '@vitrine/domain/media';
import { titleNotFound } from './media.errors.ts';
import type { MediaProvider } from './media.provider.ts';
import type { LocalOrder, LocalTitleQuery, MediaRepository, MediaTitleInsert, MediaTitleRow } from './media.repository.ts';

const LIST_ORDER: Record<MediaList, LocalOrder> = {
  trending: 'trending',
  popular: 'popularity',
  top_rated: 'rating',
  now_playing: 'newest',
  on_the_air: 'newest',
  upcoming: 'soonest',
};

export function toListItem(row: MediaTitleRow): MediaListItem {
  return {
    id: row.id,
    mediaType: row.mediaType,
    source: 'local',
    title: row.title,
    originalTitle: row.originalTitle,
    date: row.releaseDate,
    year: yearOf(row.releaseDate),
    overview: row.overview,
    voteAverage: Math.round(row.voteAverage * 10) / 10,
    voteCount: row.voteCount,
    posterPath: row.posterUrl,
    backdropPath: row.backdropUrl,
    genreIds: row.genres.map((genre) => genre.id),
  };
}

export function toDetails(row: MediaTitleRow): MediaDetails {
  const backdrops = row.backdrops.length > 0 ? row.backdrops : row.backdropUrl ? [row.backdropUrl] : [];
  return {
    ...toListItem(row),
    genres: row.genres,
    runtime: row.mediaType === 'movie' ? row.runtime : null,
    numberOfSeasons: row.mediaType === 'tv' ? row.numberOfSeasons : null,
    numberOfEpisodes: row.mediaType === 'tv' ? row.numberOfEpisodes : null,
    homepage: row.homepage,
    imdbId: row.imdbId,
    backdrops: backdrops.slice(0, BACKDROPS_SHOWN),
    trailerKey: row.trailerYoutubeKey,
    trailerName: row.trailerYoutubeKey ? `Trailer de ${row.title}` : null,
    originalLanguage: row.originalLanguage,
  };
}

/** The stored row of a validated local title (genre names and search text derived here). */
export function localTitleValues(input: LocalTitleInput): Omit<MediaTitleInsert, 'id' | 'createdAt' | 'updatedAt'> {
  return {
    mediaType: input.mediaType,
    title: input.title,
    originalTitle: input.originalTitle ?? null,
    originalLanguage: input.originalLanguage ?? null,
    overview: input.overview ?? '',
    releaseDate: input.date ?? null,
    posterUrl: input.posterUrl ?? null,
    backdropUrl: input.backdropUrl ?? null,
    backdrops: input.backdrops ?? [],
    voteAverage: input.voteAverage ?? 0,
    voteCount: input.voteCount ?? 0,
    popularity: input.popularity ?? 0,
    trendingRank: input.trendingRank ?? null,
    genres: (input.genreIds ?? []).map((id) => ({ id, name: genreName(input.mediaType, id) ?? String(id) })),
    runtime: input.runtime ?? null,
    numberOfSeasons: input.numberOfSeasons ?? null,
    numberOfEpisodes: input.numberOfEpisodes ?? null,
    homepage: input.homepage ?? null,
    imdbId: input.imdbId ?? null,
    trailerYoutubeKey: input.trailerKey ?? null,
    lists: input.lists ?? [],
    searchText: mediaSearchText(input.title, input.originalTitle),
    isActive: input.isActive ?? true,
  };
}

/** A stored row back as the write contract, so a patch can be applied and the whole re-checked. */
export function rowAsInput(row: MediaTitleRow): LocalTitleInput {
  return {
    mediaType: row.mediaType,
    title: row.title,
    originalTitle: row.originalTitle,
    overview: row.overview,
    date: row.releaseDate,
    posterUrl: row.posterUrl,
    backdropUrl: row.backdropUrl,
    backdrops: row.backdrops,
    voteAverage: row.voteAverage,
    voteCount: row.voteCount,
    popularity: row.popularity,
    genreIds: row.genres.map((genre) => genre.id),
    runtime: row.runtime,
    numberOfSeasons: row.numberOfSeasons,
    numberOfEpisodes: row.numberOfEpisodes,
    homepage: row.homepage,
    imdbId: row.imdbId,
    trailerKey: row.trailerYoutubeKey,
    originalLanguage: row.originalLanguage,
    lists: row.lists as MediaList[],
    trendingRank: row.trendingRank,
    isActive: row.isActive,
  };
}

export function createLocalProvider({ repository, pageSize = MEDIA_PAGE_SIZE }: { repository: MediaRepository; pageSize?: number }): MediaProvider {
  async function page(query: Omit<LocalTitleQuery, 'pageSize'>): Promise<MediaPage> {
    const { rows, total } = await repository.listActive({ ...query, pageSize });
    return {
      source: 'local',
      page: query.page,
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
      totalResults: total,
      results: rows.map(toListItem),
    };
  }

  const findOrThrow = async (mediaType: MediaType, id: string) => {
    const row = await repository.findActive(mediaType, id);
    if (!row) throw titleNotFound();
    return row;
  };

  return {
    source: 'local',
    list: (mediaType, list, { page: pageNumber, genre, year }) => page({ mediaType, list, genre, year, order: LIST_ORDER[list], page: pageNumber }),
    // The local catalogue keeps one trending order; the window makes no difference to it.
    trending: (mediaType, _window, pageNumber) => page({ mediaType, list: 'trending', order: 'trending', page: pageNumber }),
    discover: (mediaType, { genre, year, page: pageNumber, sort }) =>
      page({ mediaType, genre, year, order: sort === 'rating' ? 'rating' : sort === 'date' ? 'newest' : 'popularity', page: pageNumber }),
    search: ({ query, type, page: pageNumber }) =>
      page({ mediaType: type === 'multi' ? undefined : type, search: foldText(query.trim()), order: 'popularity', page: pageNumber }),
    genres: (mediaType) => repository.genresInUse(mediaType),
    details: async (mediaType, id) => toDetails(await findOrThrow(mediaType, id)),
    images: async (mediaType, id) => toDetails(await findOrThrow(mediaType, id)).backdrops,
    videos: async (mediaType, id) => {
      const row = await findOrThrow(mediaType, id);
      return row.trailerYoutubeKey ? [{ site: 'YouTube', type: 'Trailer', key: row.trailerYoutubeKey, name: `Trailer de ${row.title}` }] : [];
    },
  };
}

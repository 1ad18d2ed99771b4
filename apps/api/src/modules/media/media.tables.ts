// The local movie and series catalogue, and the cache of TMDB answers.
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.ts';

export type MediaGenreRef = { id: number; name: string };

// The local catalogue: served instead of TMDB when no TMDB key is configured, with the same fields.
export const mediaTitles = pgTable(
  'media_titles',
  {
    id: id(),
    mediaType: text('media_type', { enum: ['movie', 'tv'] }).notNull(),
    title: text('title').notNull(),
    originalTitle: text('original_title'),
    originalLanguage: text('original_language'),
    overview: text('overview').notNull().default(''),
    // Release date of a movie or first air date of a series, YYYY-MM-DD.
    releaseDate: text('release_date'),
    posterUrl: text('poster_url'),
    backdropUrl: text('backdrop_url'),
    backdrops: jsonb('backdrops').$type<string[]>().notNull().default([]),
    voteAverage: real('vote_average').notNull().default(0),
    voteCount: integer('vote_count').notNull().default(0),
    popularity: real('popularity').notNull().default(0),
    // Lower is more trending; titles without a rank come after the ranked ones.
    trendingRank: integer('trending_rank'),
    // TMDB genre ids with their Portuguese names, so filters use the same ids for both sources.
    genres: jsonb('genres').$type<MediaGenreRef[]>().notNull().default([]),
    runtime: integer('runtime'),
    numberOfSeasons: integer('number_of_seasons'),
    numberOfEpisodes: integer('number_of_episodes'),
    homepage: text('homepage'),
    imdbId: text('imdb_id'),
    trailerYoutubeKey: text('trailer_youtube_key'),
    // Rows of /midia the title appears in: trending, now_playing, upcoming, on_the_air, popular, top_rated.
    lists: jsonb('lists').$type<string[]>().notNull().default([]),
    // Title and original title without accents and in lower case, for accent-insensitive search.
    searchText: text('search_text').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('media_titles_type_active_idx').on(t.mediaType, t.isActive)],
);

export const tmdbCache = pgTable('tmdb_cache', {
  key: text('key').primaryKey(),
  body: jsonb('body').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

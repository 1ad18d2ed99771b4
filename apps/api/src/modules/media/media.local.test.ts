// The local catalogue, served when no TMDB key is configured. Every test declares its own titles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalTitleInput, MediaDetails, MediaGenreList, MediaHome, MediaPage } from '@vitrine/domain/media';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { mediaTitles } from '../../db/schema.ts';
import { localTitleValues } from './media.local-provider.ts';

const title = (input: Partial<LocalTitleInput> & Pick<LocalTitleInput, 'title'>): LocalTitleInput => ({ mediaType: 'movie', ...input });

describe('the local catalogue, without a TMDB key', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  const get = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const titles = (page: MediaPage) => page.results.map((item) => item.title);

  beforeAll(async () => {
    t = await buildTestApp({ env: { TMDB_API_KEY: '' } });
    const rows = await t.database.db
      .insert(mediaTitles)
      .values(
        [
          title({
            title: 'Coração de Pedra',
            originalTitle: 'Heart of Stone',
            date: '2021-03-05',
            genreIds: [18],
            voteAverage: 8.2,
            voteCount: 900,
            popularity: 50,
            trendingRank: 2,
            lists: ['trending', 'top_rated'],
            runtime: 110,
            imdbId: 'tt1000001',
            trailerKey: 'trailerKey1',
            backdrops: ['/b/1.svg', '/b/2.svg', '/b/3.svg', '/b/4.svg', '/b/5.svg', '/b/6.svg', '/b/7.svg'],
          }),
          title({
            title: 'CORAÇÕES PARTIDOS',
            date: '2019-07-01',
            genreIds: [10749, 35],
            voteAverage: 6.1,
            popularity: 80,
            trendingRank: 1,
            lists: ['trending', 'popular'],
          }),
          title({ title: 'Ação Total', date: '2021-11-20', genreIds: [28], voteAverage: 7.4, popularity: 90, lists: ['popular', 'now_playing'] }),
          title({ title: '100% Diversão', date: '2024-01-10', genreIds: [35], voteAverage: 7.0, popularity: 10, lists: ['upcoming'] }),
          title({
            title: 'Filme Escondido',
            date: '2021-05-05',
            genreIds: [18],
            voteAverage: 9.9,
            popularity: 999,
            trendingRank: 3,
            lists: ['trending', 'popular'],
            isActive: false,
          }),
          title({
            mediaType: 'tv',
            title: 'Coração do Sertão',
            date: '2022-02-02',
            genreIds: [18, 10766],
            voteAverage: 7.8,
            popularity: 70,
            trendingRank: 1,
            lists: ['trending', 'on_the_air'],
            numberOfSeasons: 2,
            numberOfEpisodes: 90,
          }),
          title({
            mediaType: 'tv',
            title: 'Série Mediana',
            date: '2018-08-08',
            genreIds: [35],
            voteAverage: 6.5,
            popularity: 60,
            trendingRank: 2,
            lists: ['trending', 'popular'],
            numberOfSeasons: 1,
            numberOfEpisodes: 10,
          }),
        ].map(localTitleValues),
      )
      .returning({ id: mediaTitles.id, title: mediaTitles.title });
    for (const row of rows) ids[row.title] = row.id;
  });
  afterAll(() => t.close());

  it("serves each row from the titles listed in it, in the row's own order, active ones only", async () => {
    const trending = await get<MediaPage>('/api/media/lists/movie/trending');
    expect(trending.source).toBe('local');
    expect(titles(trending)).toEqual(['CORAÇÕES PARTIDOS', 'Coração de Pedra']);
    expect(titles(await get<MediaPage>('/api/media/lists/movie/popular'))).toEqual(['Ação Total', 'CORAÇÕES PARTIDOS']);
    expect(titles(await get<MediaPage>('/api/media/lists/movie/top_rated'))).toEqual(['Coração de Pedra']);
    expect(titles(await get<MediaPage>('/api/media/lists/tv/on_the_air'))).toEqual(['Coração do Sertão']);
  });

  it('search ignores accents and case and finds movies and series with their type', async () => {
    const page = await get<MediaPage>('/api/media/search?query=CORACAO');
    expect(page.results.map((item) => [item.title, item.mediaType])).toEqual([
      ['Coração do Sertão', 'tv'],
      ['Coração de Pedra', 'movie'],
    ]);
    expect(titles(await get<MediaPage>('/api/media/search?query=coraçõ'))).toEqual(['CORAÇÕES PARTIDOS']);
    expect(titles(await get<MediaPage>('/api/media/search?query=heart%20of'))).toEqual(['Coração de Pedra']);
  });

  it('search by type keeps to that type', async () => {
    expect(titles(await get<MediaPage>('/api/media/search?query=coracao&type=tv'))).toEqual(['Coração do Sertão']);
  });

  it('a search for wildcards matches them literally instead of everything', async () => {
    expect(titles(await get<MediaPage>('/api/media/search?query=%25%25%25'))).toEqual([]);
    expect(titles(await get<MediaPage>('/api/media/search?query=100%25'))).toEqual(['100% Diversão']);
    expect(titles(await get<MediaPage>('/api/media/search?query=___'))).toEqual([]);
  });

  it('a row narrowed by genre and year keeps only the titles that match both', async () => {
    expect(titles(await get<MediaPage>('/api/media/lists/movie/trending?genre=18'))).toEqual(['Coração de Pedra']);
    expect(titles(await get<MediaPage>('/api/media/lists/movie/popular?year=2021'))).toEqual(['Ação Total']);
    expect(titles(await get<MediaPage>('/api/media/lists/movie/popular?year=2021&genre=35'))).toEqual([]);
    expect(titles(await get<MediaPage>('/api/media/discover/movie?genre=35'))).toEqual(['CORAÇÕES PARTIDOS', '100% Diversão']);
    expect(titles(await get<MediaPage>('/api/media/discover/movie?year=2021&sort=rating'))).toEqual(['Coração de Pedra', 'Ação Total']);
  });

  it('offers as filters the genres its active titles use, by name', async () => {
    const genres = await get<MediaGenreList>('/api/media/genres/movie');
    expect(genres).toEqual({
      source: 'local',
      genres: [
        { id: 28, name: 'Ação' },
        { id: 35, name: 'Comédia' },
        { id: 18, name: 'Drama' },
        { id: 10749, name: 'Romance' },
      ],
    });
  });

  it('details carry the runtime, genres, the first 6 backdrops and the trailer', async () => {
    const details = await get<MediaDetails>(`/api/media/titles/movie/${ids['Coração de Pedra']}`);
    expect(details).toMatchObject({
      source: 'local',
      runtime: 110,
      numberOfSeasons: null,
      genres: [{ id: 18, name: 'Drama' }],
      imdbId: 'tt1000001',
      trailerKey: 'trailerKey1',
      year: 2021,
    });
    expect(details.backdrops).toHaveLength(6);
    const tv = await get<MediaDetails>(`/api/media/titles/tv/${ids['Coração do Sertão']}`);
    expect(tv).toMatchObject({ numberOfSeasons: 2, numberOfEpisodes: 90, runtime: null });
  });

  it('an inactive title, a title asked with the wrong type and an unknown one are all "Título não disponível"', async () => {
    for (const url of [
      `/api/media/titles/movie/${ids['Filme Escondido']}`,
      `/api/media/titles/tv/${ids['Coração de Pedra']}`,
      '/api/media/titles/movie/00000000-0000-4000-8000-000000000000',
      '/api/media/titles/movie/12345',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.message).toBe('Título não disponível.');
    }
  });

  it('the home section picks from the local trending titles: 7 or more only', async () => {
    const home = await get<MediaHome>('/api/media/home');
    expect(home.source).toBe('local');
    expect(home.items.map((item) => item.title)).toEqual(['Coração de Pedra', 'Coração do Sertão']);
  });

  it('pages through results with a total', async () => {
    const page = await get<MediaPage>('/api/media/discover/movie?page=2');
    expect(page).toMatchObject({ page: 2, totalPages: 1, totalResults: 4, results: [] });
  });
});

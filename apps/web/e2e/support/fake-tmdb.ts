// A stand-in for TMDB on loopback for the browser suite: a handful of titles in TMDB's API shape,
// a required key, and a switch that makes it fail.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const E2E_TMDB_KEY = 'e2e-tmdb-key-5f4dcc3b5aa765d61d83';

const GENRES = {
  movie: [
    { id: 28, name: 'Ação' },
    { id: 18, name: 'Drama' },
  ],
  tv: [
    { id: 18, name: 'Drama' },
    { id: 35, name: 'Comédia' },
  ],
};

export const TMDB_MOVIES = Array.from({ length: 8 }, (_, index) => ({
  id: 501 + index,
  title: `Filme da TMDB ${index + 1}`,
  original_title: `TMDB Movie ${index + 1}`,
  release_date: `${2018 + index}-06-15`,
  overview: `Um filme que veio da TMDB falsa, número ${index + 1}.`,
  vote_average: [8.6, 6.2, 7.4, 7.9, 5.5, 9.1, 7.0, 6.9][index]!,
  vote_count: 1000 + index,
  poster_path: `/e2e-poster-${501 + index}.jpg`,
  backdrop_path: `/e2e-backdrop-${501 + index}.jpg`,
  genre_ids: index % 2 === 0 ? [28] : [18],
}));

export const TMDB_SERIES = Array.from({ length: 6 }, (_, index) => ({
  id: 601 + index,
  name: `Série da TMDB ${index + 1}`,
  original_name: `TMDB Show ${index + 1}`,
  first_air_date: `${2015 + index}-03-01`,
  overview: `Uma série da TMDB falsa, número ${index + 1}.`,
  vote_average: [7.2, 8.8, 6.4, 7.6, 8.0, 5.0][index]!,
  vote_count: 500 + index,
  poster_path: `/e2e-tvposter-${601 + index}.jpg`,
  backdrop_path: `/e2e-tvbackdrop-${601 + index}.jpg`,
  genre_ids: index % 2 === 0 ? [18] : [35],
}));

const page = (results: unknown[]) => ({ page: 1, total_pages: 1, total_results: results.length, results });

function answer(path: string, query: URLSearchParams): unknown {
  const genre = Number(query.get('with_genres') ?? NaN);
  const byGenre = <T extends { genre_ids: number[] }>(items: T[]) => (Number.isNaN(genre) ? items : items.filter((item) => item.genre_ids.includes(genre)));
  if (/^\/trending\/movie\/(day|week)$/.test(path) || /^\/movie\/(popular|now_playing|top_rated|upcoming)$/.test(path)) return page(TMDB_MOVIES);
  if (/^\/trending\/tv\/(day|week)$/.test(path) || /^\/tv\/(popular|on_the_air|top_rated)$/.test(path)) return page(TMDB_SERIES);
  if (path === '/discover/movie') return page(byGenre(TMDB_MOVIES));
  if (path === '/discover/tv') return page(byGenre(TMDB_SERIES));
  if (path === '/genre/movie/list') return { genres: GENRES.movie };
  if (path === '/genre/tv/list') return { genres: GENRES.tv };
  if (path === '/search/multi') {
    const text = (query.get('query') ?? '').toLowerCase();
    return page([
      ...TMDB_MOVIES.filter((item) => item.title.toLowerCase().includes(text)).map((item) => ({ ...item, media_type: 'movie' })),
      ...TMDB_SERIES.filter((item) => item.name.toLowerCase().includes(text)).map((item) => ({ ...item, media_type: 'tv' })),
    ]);
  }
  const videos = /^\/(movie|tv)\/(\d+)\/videos$/.exec(path);
  if (videos) return { id: Number(videos[2]), results: [] };
  const titled = /^\/(movie|tv)\/(\d+)$/.exec(path);
  if (titled) {
    const id = Number(titled[2]);
    const base = titled[1] === 'movie' ? TMDB_MOVIES.find((item) => item.id === id) : TMDB_SERIES.find((item) => item.id === id);
    if (!base) return undefined;
    return {
      ...base,
      genres: base.genre_ids.map((genreId) => [...GENRES.movie, ...GENRES.tv].find((entry) => entry.id === genreId)),
      ...(titled[1] === 'movie'
        ? { runtime: 117, imdb_id: `tt0${id}000` }
        : { number_of_seasons: 2, number_of_episodes: 20, external_ids: { imdb_id: `tt0${id}000` } }),
      homepage: '',
      original_language: 'en',
      videos: { results: [{ site: 'YouTube', type: 'Trailer', key: `tmdbTrl${id}`, name: 'Trailer' }] },
      images: { backdrops: [1, 2, 3].map((n) => ({ file_path: `/e2e-still-${id}-${n}.jpg` })) },
    };
  }
  return undefined;
}

export interface FakeTmdbServer {
  url: string;
  /** Query strings received (to check the key went to TMDB and nowhere else). */
  queries: string[];
  /** While true, every answer is a 500. */
  failing: boolean;
  close(): Promise<void>;
}

export async function startFakeTmdb(): Promise<FakeTmdbServer> {
  const state: FakeTmdbServer = { url: '', queries: [], failing: false, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    state.queries.push(url.search);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get('api_key') !== E2E_TMDB_KEY) return send(401, { status_code: 7, status_message: 'Invalid API key' });
    if (state.failing) return send(500, { status_code: 11, status_message: 'Internal error' });
    const body = answer(url.pathname.replace(/^\/3/, ''), url.searchParams);
    if (body === undefined) return send(404, { status_code: 34, status_message: 'Not found' });
    send(200, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/3`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

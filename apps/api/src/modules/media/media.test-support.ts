// A stand-in for TMDB on loopback, speaking its API shape with a few canned titles. Tests count the
// requests it received, hold responses back, or replace a path's answer (429, 500, silence).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TMDB_KEY = 'fake-tmdb-key-0123456789abcdef';

export interface ReceivedRequest {
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

type Handler = (request: ReceivedRequest, response: http.ServerResponse) => void;

export interface FakeTmdb {
  url: string;
  requests: ReceivedRequest[];
  /** Requests received for a path (any query). */
  count(path: string): number;
  /** Answers a path with this handler instead of the canned fixture. */
  override(path: string, handler: Handler): void;
  /** Holds every answer for a path until the returned function is called. */
  hold(path: string): () => void;
  close(): Promise<void>;
}

const movie = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  original_title: title,
  release_date: '2024-05-10',
  overview: `Sinopse de ${title}.`,
  vote_average: 7.5,
  vote_count: 1200,
  poster_path: `/poster${id}.jpg`,
  backdrop_path: `/backdrop${id}.jpg`,
  genre_ids: [28, 18],
  popularity: 100,
  ...extra,
});

const series = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  original_name: name,
  first_air_date: '2023-02-01',
  overview: `Sinopse de ${name}.`,
  vote_average: 8.1,
  vote_count: 800,
  poster_path: `/tvposter${id}.jpg`,
  backdrop_path: `/tvbackdrop${id}.jpg`,
  genre_ids: [18],
  popularity: 90,
  ...extra,
});

export const FAKE_MOVIES = [
  movie(101, 'Filme Falso Um', { vote_average: 8.8 }),
  movie(102, 'Filme Sem Sinopse', { overview: '', vote_average: 7.2 }),
  movie(103, 'Filme Fraco', { vote_average: 5.1 }),
  movie(104, 'Filme Quatro', { vote_average: 7.0 }),
  movie(105, 'Filme Cinco', { vote_average: 9.5 }),
];
export const FAKE_SERIES = [
  series(201, 'Série Falsa Um', { vote_average: 8.4 }),
  series(202, 'Série Fraca', { vote_average: 6.0 }),
  series(203, 'Série Três', { vote_average: 7.7 }),
  series(204, 'Série Quatro', { vote_average: 7.9 }),
];

const page = (results: unknown[]) => ({ page: 1, total_pages: 1, total_results: results.length, results });

const PORTUGUESE_TRAILER = { site: 'YouTube', type: 'Trailer', key: 'ptTrailer01', name: 'Trailer dublado', iso_639_1: 'pt' };
const ENGLISH_TRAILER = { site: 'YouTube', type: 'Trailer', key: 'enTrailer01', name: 'Official Trailer', iso_639_1: 'en' };

function details(id: number, language: string) {
  const base = FAKE_MOVIES.find((entry) => entry.id === id) ?? FAKE_SERIES.find((entry) => entry.id === id);
  if (!base) return undefined;
  const isMovie = 'title' in base;
  const english = language === 'en-US';
  return {
    ...base,
    overview: id === 102 ? (english ? 'An English overview.' : '') : base.overview,
    genres: [{ id: 18, name: 'Drama' }],
    homepage: id === 101 ? 'https://example.com/filme-falso' : 'javascript:alert(1)',
    ...(isMovie ? { runtime: 125, imdb_id: 'tt0000101' } : { number_of_seasons: 3, number_of_episodes: 24, external_ids: { imdb_id: 'tt0000201' } }),
    original_language: 'en',
    videos: { results: id === 102 ? [{ site: 'YouTube', type: 'Featurette', key: 'featurette1' }] : [PORTUGUESE_TRAILER] },
    images: {
      backdrops: Array.from({ length: 8 }, (_, index) => ({ file_path: `/still${id}-${index + 1}.jpg` })),
    },
  };
}

function fixture(path: string, query: URLSearchParams): unknown {
  const trending = /^\/trending\/(movie|tv|all)\/(day|week)$/.exec(path);
  if (trending) return page(trending[1] === 'tv' ? FAKE_SERIES : FAKE_MOVIES);
  if (/^\/movie\/(popular|now_playing|top_rated|upcoming)$/.test(path) || path === '/discover/movie') return page(FAKE_MOVIES);
  if (/^\/tv\/(popular|on_the_air|top_rated)$/.test(path) || path === '/discover/tv') return page(FAKE_SERIES);
  if (path === '/search/multi') {
    return page([
      { ...FAKE_MOVIES[0], media_type: 'movie' },
      { id: 999, name: 'Uma Pessoa', media_type: 'person', known_for: [] },
      { ...FAKE_SERIES[0], media_type: 'tv' },
    ]);
  }
  if (path === '/search/movie') return page(FAKE_MOVIES.slice(0, 1));
  if (path === '/search/tv') return page(FAKE_SERIES.slice(0, 1));
  if (path === '/genre/movie/list')
    return {
      genres: [
        { id: 28, name: 'Ação' },
        { id: 18, name: 'Drama' },
      ],
    };
  if (path === '/genre/tv/list') return { genres: [{ id: 18, name: 'Drama' }] };
  if (path === '/configuration') {
    return { images: { secure_base_url: 'https://image.tmdb.org/t/p/', poster_sizes: ['w342', 'w500'], backdrop_sizes: ['w300', 'w1280'] } };
  }
  const images = /^\/(movie|tv)\/(\d+)\/images$/.exec(path);
  if (images) return { id: Number(images[2]), backdrops: [{ file_path: `/still${images[2]}-1.jpg` }, { file_path: 'not-a-path' }] };
  const videos = /^\/(movie|tv)\/(\d+)\/videos$/.exec(path);
  if (videos) {
    const withEnglish = (query.get('include_video_language') ?? '').split(',').includes('en');
    return { id: Number(videos[2]), results: withEnglish ? [ENGLISH_TRAILER] : [] };
  }
  const titled = /^\/(movie|tv)\/(\d+)$/.exec(path);
  if (titled) return details(Number(titled[2]), query.get('language') ?? '');
  return undefined;
}

export async function startFakeTmdb({ key = FAKE_TMDB_KEY }: { key?: string } = {}): Promise<FakeTmdb> {
  const requests: ReceivedRequest[] = [];
  const overrides = new Map<string, Handler>();
  const holds = new Map<string, Promise<void>>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-tmdb');
    const path = url.pathname.replace(/^\/3/, '');
    const received: ReceivedRequest = { path, query: url.searchParams, authorization: req.headers.authorization };
    requests.push(received);
    const answer = () => {
      const override = overrides.get(path);
      if (override) return override(received, res);
      const authorised = url.searchParams.get('api_key') === key || req.headers.authorization === `Bearer ${key}`;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (!authorised) return send(401, { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false });
      const body = fixture(path, url.searchParams);
      if (body === undefined) return send(404, { status_code: 34, status_message: 'The resource you requested could not be found.', success: false });
      send(200, body);
    };
    const held = holds.get(path);
    if (held) void held.then(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/3`,
    requests,
    count: (path) => requests.filter((request) => request.path === path).length,
    override: (path, handler) => overrides.set(path, handler),
    hold(path) {
      let release!: () => void;
      holds.set(path, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(path);
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A clock the test moves by hand. */
export function manualClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Collects every log line the app writes, for asserting what never appears in them. */
export function logCapture() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
  };
}

// The TMDB side of the catalogue, against a fake TMDB on loopback: caching, shared upstream calls,
// rate-limit retries, English fallbacks, upstream failures, and a key that never leaves the server.
import type { FastifyInstance, FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions as PinoLoggerOptions } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MediaDetails, MediaHome, MediaListQuery, MediaPage } from '@vitrine/domain/media';
import { testEnv } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { buildApp, loggerOptions } from '../../app.ts';
import type { Env } from '../../config/env.ts';
import type { MediaProvider } from './media.provider.ts';
import { FAKE_TMDB_KEY, logCapture, manualClock, startFakeTmdb, type FakeTmdb } from './media.test-support.ts';
import { createTmdbClient, type TmdbClientOptions } from './media.tmdb-client.ts';
import { createTmdbProvider, TMDB_TTL_MS } from './media.tmdb-provider.ts';

const MINUTE = 60_000;

/** The app's own logger settings (redaction included), at the most verbose level, into `logs`. */
const capturedLogger = (env: Env, logs: ReturnType<typeof logCapture>) => ({
  ...(loggerOptions(env) as FastifyLoggerOptions & PinoLoggerOptions),
  level: 'trace',
  stream: logs.stream,
});
const quiet = { debug() {}, info() {}, warn() {} };
const firstPage: MediaListQuery = { page: 1, window: 'week' };

let fake: FakeTmdb;
beforeAll(async () => {
  fake = await startFakeTmdb();
});
afterAll(() => fake.close());

describe('the TMDB client', () => {
  let clock: ReturnType<typeof manualClock>;
  let waits: number[];
  let provider: MediaProvider;

  const build = (options: Partial<TmdbClientOptions> = {}) => {
    const client = createTmdbClient({
      baseUrl: fake.url,
      resolveApiKey: () => FAKE_TMDB_KEY,
      logger: quiet,
      clock,
      sleep: async (ms) => void waits.push(ms),
      ...options,
    });
    return createTmdbProvider({ client, logger: quiet });
  };

  beforeEach(() => {
    clock = manualClock();
    waits = [];
    provider = build();
  });

  it.each([
    ['popular movies', TMDB_TTL_MS.popular, 10, '/movie/popular', (p: MediaProvider) => p.list('movie', 'popular', firstPage)],
    ['movies now playing', TMDB_TTL_MS.now_playing, 10, '/movie/now_playing', (p: MediaProvider) => p.list('movie', 'now_playing', firstPage)],
    ['series on the air', TMDB_TTL_MS.on_the_air, 10, '/tv/on_the_air', (p: MediaProvider) => p.list('tv', 'on_the_air', firstPage)],
    ['top rated series', TMDB_TTL_MS.top_rated, 30, '/tv/top_rated', (p: MediaProvider) => p.list('tv', 'top_rated', firstPage)],
    ['upcoming movies', TMDB_TTL_MS.upcoming, 30, '/movie/upcoming', (p: MediaProvider) => p.list('movie', 'upcoming', firstPage)],
    ['trending movies', TMDB_TTL_MS.trending, 30, '/trending/movie/week', (p: MediaProvider) => p.trending('movie', 'week', 1)],
    ['movie details', TMDB_TTL_MS.details, 30, '/movie/101', (p: MediaProvider) => p.details('movie', '101')],
    ['images', TMDB_TTL_MS.images, 60, '/movie/101/images', (p: MediaProvider) => p.images('movie', '101')],
    ['videos', TMDB_TTL_MS.videos, 60, '/tv/201/videos', (p: MediaProvider) => p.videos('tv', '201')],
    ['searches', TMDB_TTL_MS.search, 5, '/search/multi', (p: MediaProvider) => p.search({ query: 'falso', type: 'multi', page: 1 })],
  ])('%s are fetched once and kept for %i ms (%i minutes), then fetched again', async (_label, ttl, minutes, path, call) => {
    expect(ttl).toBe(minutes * MINUTE);
    const before = fake.count(path);
    await call(provider);
    await call(provider);
    clock.advance(ttl - 1);
    await call(provider);
    expect(fake.count(path) - before).toBe(1);
    clock.advance(2);
    await call(provider);
    expect(fake.count(path) - before).toBe(2);
  });

  it('different parameters are different cache entries', async () => {
    const before = fake.count('/movie/popular');
    await provider.list('movie', 'popular', { page: 1, window: 'week' });
    await provider.list('movie', 'popular', { page: 2, window: 'week' });
    expect(fake.count('/movie/popular') - before).toBe(2);
  });

  it('ten concurrent identical calls make one upstream request and get the same answer', async () => {
    const release = fake.hold('/movie/top_rated');
    const before = fake.count('/movie/top_rated');
    const calls = Array.from({ length: 10 }, () => provider.list('movie', 'top_rated', firstPage));
    await expect.poll(() => fake.count('/movie/top_rated') - before).toBe(1);
    release();
    const pages = await Promise.all(calls);
    expect(fake.count('/movie/top_rated') - before).toBe(1);
    expect(new Set(pages.map((page) => JSON.stringify(page))).size).toBe(1);
  });

  it('a 429 is retried after the Retry-After delay', async () => {
    let answered = 0;
    fake.override('/tv/popular', (_request, response) => {
      answered += 1;
      if (answered === 1) {
        response.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
        return response.end('{"status_code":25,"status_message":"Your request count is over the allowed limit."}');
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ page: 1, total_pages: 1, total_results: 1, results: [{ id: 7, name: 'Depois da Espera' }] }));
    });
    const page = await provider.list('tv', 'popular', firstPage);
    expect(page.results.map((item) => item.title)).toEqual(['Depois da Espera']);
    expect(waits).toEqual([1000]);
    expect(answered).toBe(2);
  });

  it('a 429 asking for a long wait is not waited for: the catalogue is unavailable', async () => {
    fake.override('/movie/now_playing', (_request, response) => {
      response.writeHead(429, { 'retry-after': '600' });
      response.end();
    });
    await expect(provider.list('movie', 'now_playing', { ...firstPage, page: 9 })).rejects.toMatchObject({
      code: 'media.provider_unavailable',
      statusCode: 503,
    });
    expect(waits).toEqual([]);
  });

  it('a TMDB that never answers times out, is tried again, and then reported unavailable', async () => {
    const release = fake.hold('/movie/upcoming');
    const slow = build({ timeoutMs: 100, maxAttempts: 2 });
    const before = fake.count('/movie/upcoming');
    await expect(slow.list('movie', 'upcoming', { ...firstPage, page: 3 })).rejects.toMatchObject({ code: 'media.provider_unavailable' });
    expect(fake.count('/movie/upcoming') - before).toBe(2);
    release();
  });

  it('a failure is not cached: the next call asks again', async () => {
    let failing = true;
    fake.override('/genre/tv/list', (_request, response) => {
      response.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' });
      response.end(failing ? '{}' : JSON.stringify({ genres: [{ id: 18, name: 'Drama' }] }));
    });
    await expect(provider.genres('tv')).rejects.toMatchObject({ code: 'media.provider_error', statusCode: 502 });
    failing = false;
    expect(await provider.genres('tv')).toEqual([{ id: 18, name: 'Drama' }]);
  });

  it('stays under the outbound rate limit: calls beyond it wait for the next window', async () => {
    const limited = build({ rateLimit: { limit: 2, interval: 300 } });
    const before = fake.count('/discover/movie');
    const calls = [1, 2, 3].map((page) => limited.discover('movie', { page, sort: 'popularity' }));
    await expect.poll(() => fake.count('/discover/movie') - before).toBe(2);
    expect(fake.count('/discover/movie') - before).toBe(2);
    await Promise.all(calls);
    expect(fake.count('/discover/movie') - before).toBe(3);
  });

  it('sends a v4 read token as a Bearer header instead of a query parameter', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ2aXRyaW5lIn0.c2lnbmF0dXJl';
    const tokenFake = await startFakeTmdb({ key: token });
    try {
      const bearer = createTmdbProvider({
        client: createTmdbClient({ baseUrl: tokenFake.url, resolveApiKey: () => token, logger: quiet }),
        logger: quiet,
      });
      await bearer.genres('movie');
      expect(tokenFake.requests[0]?.authorization).toBe(`Bearer ${token}`);
      expect(tokenFake.requests[0]?.query.has('api_key')).toBe(false);
    } finally {
      await tokenFake.close();
    }
  });

  it('asks TMDB in Brazilian Portuguese, for Brazil', async () => {
    await provider.list('movie', 'popular', { page: 4, window: 'week' });
    const request = fake.requests.findLast((entry) => entry.path === '/movie/popular')!;
    expect(request.query.get('language')).toBe('pt-BR');
    expect(request.query.get('region')).toBe('BR');
  });
});

describe('the catalogue API with a TMDB key', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  const logs = logCapture();

  const get = async <T>(url: string) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(FAKE_TMDB_KEY);
    return response.json<T>();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = testEnv({ TMDB_API_KEY: FAKE_TMDB_KEY, TMDB_BASE_URL: fake.url, LOG_LEVEL: 'trace' });
    app = await buildApp({ env, database, logger: capturedLogger(env, logs) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('serves the rows from TMDB, with image paths to build URLs from', async () => {
    const page = await get<MediaPage>('/api/media/lists/movie/popular');
    expect(page.source).toBe('tmdb');
    expect(page.results[0]).toMatchObject({
      id: '101',
      mediaType: 'movie',
      title: 'Filme Falso Um',
      year: 2024,
      voteAverage: 8.8,
      posterPath: '/poster101.jpg',
    });
  });

  it('ten concurrent visitors asking for the same row cause one TMDB request', async () => {
    const release = fake.hold('/tv/top_rated');
    const before = fake.count('/tv/top_rated');
    const responses = Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: '/api/media/lists/tv/top_rated?page=7' }));
    await expect.poll(() => fake.count('/tv/top_rated') - before).toBe(1);
    // Give the other nine time to reach the shared call before TMDB answers.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    const answered = await Promise.all(responses);
    expect(answered.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(fake.count('/tv/top_rated') - before).toBe(1);
  });

  it('a movie without a Portuguese overview or trailer gets the English ones', async () => {
    const details = await get<MediaDetails>('/api/media/titles/movie/102');
    expect(details.overview).toBe('An English overview.');
    expect(details.trailerKey).toBe('enTrailer01');
    const english = fake.requests.find((request) => request.path === '/movie/102' && request.query.get('language') === 'en-US');
    expect(english).toBeDefined();
    const videos = fake.requests.find((request) => request.path === '/movie/102/videos');
    expect(videos?.query.get('include_video_language')).toBe('en');
  });

  it('a movie with a Portuguese trailer keeps it and makes no second call', async () => {
    const details = await get<MediaDetails>('/api/media/titles/movie/101');
    expect(details).toMatchObject({
      overview: 'Sinopse de Filme Falso Um.',
      trailerKey: 'ptTrailer01',
      runtime: 125,
      numberOfSeasons: null,
      imdbId: 'tt0000101',
      homepage: 'https://example.com/filme-falso',
      genres: [{ id: 18, name: 'Drama' }],
    });
    expect(details.backdrops).toEqual(['/still101-1.jpg', '/still101-2.jpg', '/still101-3.jpg', '/still101-4.jpg', '/still101-5.jpg', '/still101-6.jpg']);
    expect(fake.count('/movie/101/videos')).toBe(0);
    const request = fake.requests.find((entry) => entry.path === '/movie/101')!;
    expect(request.query.get('append_to_response')).toBe('videos,images');
  });

  it('a series has seasons and episodes, its IMDb id from the external ids, and never a javascript: homepage', async () => {
    const details = await get<MediaDetails>('/api/media/titles/tv/201');
    expect(details).toMatchObject({ numberOfSeasons: 3, numberOfEpisodes: 24, runtime: null, imdbId: 'tt0000201', homepage: null });
  });

  it('an unknown title is "Título não disponível", a 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/media/titles/movie/999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'media.not_found', message: 'Título não disponível.' } });
  });

  it('search keeps movies and series and leaves people out', async () => {
    const page = await get<MediaPage>('/api/media/search?query=falso');
    expect(page.results.map((item) => [item.mediaType, item.title])).toEqual([
      ['movie', 'Filme Falso Um'],
      ['tv', 'Série Falsa Um'],
    ]);
  });

  it('a filtered row becomes a discover query with the genre and year', async () => {
    await get<MediaPage>('/api/media/lists/movie/now_playing?genre=28&year=2024');
    const request = fake.requests.findLast((entry) => entry.path === '/discover/movie')!;
    expect(request.query.get('with_genres')).toBe('28');
    expect(request.query.get('primary_release_year')).toBe('2024');
    expect(request.query.get('with_release_type')).toBe('2|3');
    expect(request.query.get('release_date.lte')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the home section gets the best rated of the first 4 trending movies and 4 trending series, 7 or more, at most 6', async () => {
    const home = await get<MediaHome>('/api/media/home');
    expect(home.source).toBe('tmdb');
    expect(home.items.map((item) => [item.title, item.voteAverage])).toEqual([
      ['Filme Falso Um', 8.8],
      ['Série Falsa Um', 8.4],
      ['Série Quatro', 7.9],
      ['Série Três', 7.7],
      ['Filme Sem Sinopse', 7.2],
      ['Filme Quatro', 7],
    ]);
  });

  it('a TMDB error is a Portuguese 502 that does not repeat what TMDB said', async () => {
    fake.override('/tv/on_the_air', (request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`internal error for /3/tv/on_the_air?${request.query.toString()}`);
    });
    const response = await app.inject({ method: 'GET', url: '/api/media/lists/tv/on_the_air' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: { code: 'media.provider_error', message: 'O catálogo de filmes e séries respondeu com erro. Tente novamente em instantes.' },
    });
    expect(response.body).not.toContain(FAKE_TMDB_KEY);
  });

  it('refused credentials are a 502 that tells the visitor to warn the administrator', async () => {
    fake.override('/genre/movie/list', (_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"status_code":7,"status_message":"Invalid API key"}');
    });
    const response = await app.inject({ method: 'GET', url: '/api/media/genres/movie' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('media.provider_rejected');
  });

  it('a list TMDB does not know is a 502, not a missing title', async () => {
    fake.override('/movie/upcoming', (_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"status_code":34}');
    });
    const response = await app.inject({ method: 'GET', url: '/api/media/lists/movie/upcoming' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('media.provider_error');
  });

  it('refuses bad input with a 400 before calling TMDB', async () => {
    const before = fake.requests.length;
    for (const url of [
      '/api/media/search?query=ab',
      '/api/media/lists/tv/upcoming',
      '/api/media/lists/movie/popular?page=501',
      '/api/media/titles/movie/..%2F..%2Fconfiguration',
      '/api/media/titles/person/1',
      '/api/media/discover/movie?year=abc',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe('validation_error');
    }
    expect(fake.requests.length).toBe(before);
  });

  it('never lets the key reach a response, the API description or a log line', async () => {
    const openapi = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(openapi.body).not.toContain(FAKE_TMDB_KEY);
    // The key did go to TMDB, so its absence everywhere else means something.
    expect(fake.requests.some((request) => request.query.get('api_key') === FAKE_TMDB_KEY)).toBe(true);
    expect(logs.text()).toContain('/api/media/');
    expect(logs.text()).toContain('tmdbPath');
    expect(logs.text()).not.toContain(FAKE_TMDB_KEY);
  });
});

describe('the catalogue API when TMDB is unreachable', () => {
  it('answers a Portuguese 503, without the key, the address or a stack', async () => {
    const database = await createTestDatabase();
    const closed = await startFakeTmdb();
    const unreachable = closed.url;
    await closed.close();
    const logs = logCapture();
    const env = testEnv({ TMDB_API_KEY: FAKE_TMDB_KEY, TMDB_BASE_URL: unreachable, LOG_LEVEL: 'trace' });
    const app = await buildApp({ env, database, logger: capturedLogger(env, logs) });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/media/home' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: {
          code: 'media.provider_unavailable',
          message: 'Não foi possível falar com o catálogo de filmes e séries agora. Tente novamente em instantes.',
        },
      });
      expect(logs.text()).toContain('a TMDB não respondeu');
      expect(logs.text()).not.toContain(FAKE_TMDB_KEY);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the catalogue API when TMDB_BASE_URL is an internal address', () => {
  it(
    'sends it nothing (private addresses not allowed) and answers the same Portuguese 503 as an outage, the log naming the reason without the key',
    { timeout: 120_000 },
    async () => {
      const database = await createTestDatabase();
      const internal = await startFakeTmdb();
      const logs = logCapture();
      const env = testEnv({ TMDB_API_KEY: FAKE_TMDB_KEY, TMDB_BASE_URL: internal.url, ALLOW_PRIVATE_WEBHOOKS: 'false', LOG_LEVEL: 'trace' });
      const app = await buildApp({ env, database, logger: capturedLogger(env, logs) });
      try {
        const response = await app.inject({ method: 'GET', url: '/api/media/home' });
        expect(response.statusCode).toBe(503);
        expect(response.json().error.code).toBe('media.provider_unavailable');
        expect(internal.requests).toHaveLength(0);
        expect(logs.text()).toContain('a TMDB não pode ser chamada neste endereço');
        expect(logs.text()).toContain('forbidden_address');
        expect(logs.text()).not.toContain(FAKE_TMDB_KEY);
      } finally {
        await app.close();
        await database.close();
        await internal.close();
      }
    },
  );
});

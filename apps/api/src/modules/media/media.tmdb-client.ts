// The one way the server talks to TMDB (API v3): a cache with a lifetime per call kind, one upstream
// call shared by concurrent identical requests, an outbound rate limit, a timeout, and retries that
// honour Retry-After. The key travels only in the outgoing request: it is never cached, logged or
// put in an error.
//
// The cache lives in memory, per instance, rather than in the tmdb_cache table: TMDB's answers are
// public and cheap to fetch again, lifetimes are minutes, and a database round trip (and a write
// per search) would cost more than the upstream call it saves. Several instances each keep their
// own cache and limiter; instances that share one outgoing IP should share TMDB's ~50 requests/s
// between them (the `rateLimit` option).
import { LRUCache } from 'lru-cache';
import pThrottle from 'p-throttle';
import type { AppError } from '../../shared/errors.ts';
import { OutboundError } from '../../shared/outbound-address.ts';
import { providerError, providerNotConfigured, providerRejected, providerUnavailable, titleNotFound } from './media.errors.ts';

export interface Clock {
  /** Milliseconds; only differences matter. */
  now(): number;
}

export interface TmdbLogger {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export type ApiKeySource = () => Promise<string | undefined> | string | undefined;

export interface TmdbClientOptions {
  baseUrl: string;
  /** Read on every upstream call, so a key changed in the admin takes effect at once. */
  resolveApiKey: ApiKeySource;
  logger: TmdbLogger;
  fetch?: typeof fetch;
  /** Drives cache lifetimes; tests pass a fake one instead of waiting. */
  clock?: Clock;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  /** Attempts per call, the first included. */
  maxAttempts?: number;
  /** A 429 asking us to wait longer than this is not waited for. */
  maxRetryAfterMs?: number;
  /** Outbound calls allowed per interval, for the whole instance. */
  rateLimit?: { limit: number; interval: number };
  /** Calls waiting for the rate limit beyond this are refused at once instead of piling up. */
  maxQueue?: number;
  cacheEntries?: number;
}

export type TmdbParams = Record<string, string | number | undefined>;

export interface TmdbGetOptions<T> {
  ttlMs: number;
  /** A 404 means the title does not exist (details, images, videos), not that TMDB failed. */
  missingIsTitle?: boolean;
  /** Turns the JSON body into the cached value; throwing means TMDB sent something unreadable. */
  parse: (body: unknown) => T;
}

export interface TmdbClient {
  get<T extends object>(path: string, params: TmdbParams, options: TmdbGetOptions<T>): Promise<T>;
  /** Upstream requests made so far (attempts included). */
  readonly upstreamRequests: number;
  /** Answers kept in the cache now, and how many it holds at most. */
  cacheStats(): { entries: number; maxEntries: number };
  clear(): void;
}

// TMDB allows about 50 requests per second per IP; we stay below it.
const DEFAULT_RATE_LIMIT = { limit: 40, interval: 1000 };

/** A v4 read access token (a JWT) goes as a Bearer header; a v3 key as the api_key parameter. */
const isBearerToken = (key: string) => key.split('.').length === 3;

/** Retry-After as seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function cacheKey(path: string, params: TmdbParams): string {
  const query = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

interface FetchContext {
  path: string;
  params: TmdbParams;
  missingIsTitle: boolean;
  parse: (body: unknown) => object;
}

export function createTmdbClient(options: TmdbClientOptions): TmdbClient {
  const {
    baseUrl,
    resolveApiKey,
    logger,
    fetch: fetchImpl = globalThis.fetch,
    clock,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    timeoutMs = 8_000,
    maxAttempts = 3,
    maxRetryAfterMs = 10_000,
    rateLimit = DEFAULT_RATE_LIMIT,
    maxQueue = 200,
    cacheEntries = 2_000,
  } = options;
  const root = baseUrl.replace(/\/+$/, '');
  let upstreamRequests = 0;

  const throttledFetch = pThrottle({ ...rateLimit, strict: true })((url: URL, init: RequestInit) => {
    upstreamRequests += 1;
    return fetchImpl(url, init);
  });

  /** Names what went wrong without anything that could hold the URL (and so the key). */
  const describeFailure = (error: unknown): string => {
    if (error instanceof OutboundError) return error.code;
    if (error instanceof Error) {
      if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'tempo esgotado';
      const cause = (error as { cause?: { code?: unknown } }).cause;
      if (cause && typeof cause.code === 'string') return cause.code;
      return error.name;
    }
    return 'falha desconhecida';
  };

  async function request({ path, params, missingIsTitle }: FetchContext, signal: AbortSignal): Promise<unknown> {
    const key = (await resolveApiKey())?.trim();
    if (!key) throw providerNotConfigured();
    const url = new URL(root + path);
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (isBearerToken(key)) headers.authorization = `Bearer ${key}`;
    else url.searchParams.set('api_key', key);
    // Logs name the path only: the query string may hold the key.
    const log = { tmdbPath: path };

    const fail = (error: AppError, message: string, extra: object = {}): never => {
      logger.warn({ ...log, ...extra, code: error.code }, message);
      throw error;
    };
    const backoff = (attempt: number) => 250 * 2 ** (attempt - 1);

    for (let attempt = 1; ; attempt += 1) {
      const last = attempt >= maxAttempts;
      if (throttledFetch.queueSize >= maxQueue) fail(providerUnavailable(), 'fila de chamadas à TMDB cheia', { queued: throttledFetch.queueSize });
      let response: Response;
      const started = performance.now();
      try {
        response = await throttledFetch(url, { headers, signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) });
      } catch (error) {
        const reason = describeFailure(error);
        // Refused by the outbound guard (an internal address): trying again cannot help.
        if (error instanceof OutboundError)
          return fail(providerUnavailable(), 'a TMDB não pode ser chamada neste endereço', { reason, address: error.address });
        if (last || signal.aborted) return fail(providerUnavailable(), 'a TMDB não respondeu', { attempt, reason });
        logger.info({ ...log, attempt, reason }, 'a TMDB não respondeu: nova tentativa');
        await sleep(backoff(attempt));
        continue;
      }
      logger.debug({ ...log, status: response.status, attempt, ms: Math.round(performance.now() - started) }, 'chamada à TMDB');
      if (response.ok) {
        try {
          return await response.json();
        } catch (error) {
          if (error instanceof OutboundError) return fail(providerError(), 'a resposta da TMDB passou do limite', { reason: error.code });
          return fail(providerError(), 'a TMDB respondeu com JSON inválido');
        }
      }
      // The body of an error is never read: it could echo the request back.
      await response.body?.cancel().catch(() => undefined);
      const { status } = response;
      if (status === 429) {
        const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoff(attempt);
        if (last || wait > maxRetryAfterMs) return fail(providerUnavailable(), 'limite de requisições da TMDB', { status, waitMs: wait });
        logger.info({ ...log, status, waitMs: wait, attempt }, 'a TMDB pediu para aguardar (429)');
        await sleep(wait);
        continue;
      }
      if (status === 404) {
        if (missingIsTitle) throw titleNotFound();
        return fail(providerError(), 'a TMDB não conhece este endereço', { status });
      }
      if (status === 401 || status === 403) return fail(providerRejected(), 'a TMDB recusou as credenciais', { status });
      if (status >= 500 && !last) {
        logger.info({ ...log, status, attempt }, 'erro na TMDB: nova tentativa');
        await sleep(backoff(attempt));
        continue;
      }
      return fail(providerError(), 'a TMDB respondeu com erro', { status });
    }
  }

  const cache = new LRUCache<string, object, FetchContext>({
    max: cacheEntries,
    ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
    // One upstream call per key at a time: concurrent callers share its promise.
    fetchMethod: async (_key, _stale, { signal, context }) => {
      const body = await request(context, signal);
      try {
        return context.parse(body);
      } catch {
        logger.warn({ tmdbPath: context.path }, 'a TMDB respondeu num formato inesperado');
        throw providerError();
      }
    },
  });

  return {
    async get<T extends object>(path: string, params: TmdbParams, { ttlMs, parse, missingIsTitle = false }: TmdbGetOptions<T>): Promise<T> {
      const value = await cache.fetch(cacheKey(path, params), { ttl: ttlMs, context: { path, params, parse, missingIsTitle } });
      if (value === undefined) throw providerError();
      return value as T;
    },
    get upstreamRequests() {
      return upstreamRequests;
    },
    cacheStats() {
      return { entries: cache.size, maxEntries: cacheEntries };
    },
    clear() {
      cache.clear();
    },
  };
}

// The application's own rate limits (sign-in attempts per e-mail, download-code guesses, contact
// messages...), kept in the database so that several API instances share one count per client.
// They live in app_rate_limits, never in better-auth's rate_limits: better-auth deletes every row
// of its table older than its own one-minute window, which would reset our longer windows.
import { createHash } from 'node:crypto';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { AppError } from '../shared/errors.ts';

/** Expired rows are deleted by us, at most this often per instance. */
export const RATE_LIMIT_CLEANUP_INTERVAL_MS = 60_000;

export interface RateLimitCount {
  /** Hits in the current window (0 when there is none). */
  current: number;
  /** Milliseconds until the current window ends (0 when there is none). */
  ttl: number;
}

export interface RateLimitCountersOptions {
  db: Database;
  /** The clock in epoch milliseconds; tests move it instead of sleeping. */
  now?: () => number;
  onCleanupError?: (error: unknown) => void;
}

type CountRow = { count: number | string; window_start: number | string; window_ms: number | string };

/** Fixed-window counters: a window starts at a key's first hit and the first hit after it ends starts a new one. */
export function createRateLimitCounters({ db, now = () => Date.now(), onCleanupError }: RateLimitCountersOptions) {
  let lastCleanup: number | undefined;

  const toCount = (row: CountRow | undefined, at: number): RateLimitCount => {
    if (!row) return { current: 0, ttl: 0 };
    const ends = Number(row.window_start) + Number(row.window_ms);
    return ends <= at ? { current: 0, ttl: 0 } : { current: Number(row.count), ttl: ends - at };
  };

  // Opportunistic: a few rows per client and window, so one delete a minute keeps the table small.
  const cleanupIfDue = async (at: number) => {
    if (lastCleanup !== undefined && Math.abs(at - lastCleanup) < RATE_LIMIT_CLEANUP_INTERVAL_MS) return;
    lastCleanup = at;
    try {
      await db.execute(sql`delete from app_rate_limits where window_start + window_ms <= ${at}::bigint`);
    } catch (error) {
      onCleanupError?.(error);
    }
  };

  return {
    /** Counts one hit: one atomic upsert, so simultaneous hits on any instance are all counted. */
    async hit(key: string, windowMs: number): Promise<RateLimitCount> {
      const at = now();
      const { rows } = await db.execute<CountRow>(sql`
        insert into app_rate_limits (key, count, window_start, window_ms)
        values (${key}, 1, ${at}::bigint, ${windowMs}::integer)
        on conflict (key) do update set
          count = case when app_rate_limits.window_start + app_rate_limits.window_ms <= ${at}::bigint
            then 1 else app_rate_limits.count + 1 end,
          window_start = case when app_rate_limits.window_start + app_rate_limits.window_ms <= ${at}::bigint
            then ${at}::bigint else app_rate_limits.window_start end,
          window_ms = case when app_rate_limits.window_start + app_rate_limits.window_ms <= ${at}::bigint
            then ${windowMs}::integer else app_rate_limits.window_ms end
        returning count, window_start, window_ms`);
      await cleanupIfDue(at);
      return toCount(rows[0], at);
    },

    async read(key: string): Promise<RateLimitCount> {
      const at = now();
      const { rows } = await db.execute<CountRow>(sql`select count, window_start, window_ms from app_rate_limits where key = ${key}`);
      return toCount(rows[0], at);
    },
  };
}

type RateLimitCounters = ReturnType<typeof createRateLimitCounters>;
type StoreCallback = (error: Error | null, result?: RateLimitCount) => void;
type StoreOptions = { nameSpace?: string; routeInfo?: { method?: string | string[]; url?: string } };

// The store interface of @fastify/rate-limit, on our counters. Route limits are namespaced by route.
function createStore(counters: RateLimitCounters) {
  return class DatabaseRateLimitStore {
    private readonly namespace: string;

    constructor(options: StoreOptions = {}) {
      const route = options.routeInfo?.url ? `${String(options.routeInfo.method)} ${options.routeInfo.url}` : undefined;
      this.namespace = `${route ?? options.nameSpace ?? 'global'}:`;
    }

    // Keys can hold e-mails or addresses: only a digest of them is kept at rest.
    private storedKey(key: string) {
      return this.namespace + createHash('sha256').update(key).digest('base64url');
    }

    incr(key: string, callback: StoreCallback, timeWindow: number) {
      counters.hit(this.storedKey(key), timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: StoreCallback) {
      counters.read(this.storedKey(key)).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    child(options: StoreOptions) {
      return new DatabaseRateLimitStore(options);
    }
  };
}

export interface RateLimitPluginOptions {
  db: Database;
  /** The limiter's clock (epoch milliseconds); Date.now unless a test moves time. */
  now?: () => number;
}

export const rateLimitPlugin = fp<RateLimitPluginOptions>(async (app, { db, now }) => {
  const counters = createRateLimitCounters({
    db,
    now,
    onCleanupError: (error) => app.log.warn({ err: error }, 'limpeza dos limites de requisições falhou'),
  });
  await app.register(rateLimit, {
    global: false,
    store: createStore(counters) as unknown as FastifyRateLimitStoreCtor,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', 429, `Muitas tentativas. Aguarde ${Math.max(1, Math.ceil(context.ttl / 1000))} segundos e tente novamente.`),
  });
});

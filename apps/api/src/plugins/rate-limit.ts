// Rate limits kept in the database, so that several API instances share one count per client.
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { AppError } from '../shared/errors.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

function createDatabaseStore(db: Database) {
  return class DatabaseRateLimitStore {
    private readonly namespace: string;

    constructor(options: { nameSpace?: string; routeInfo?: { method?: string | string[]; url?: string } } = {}) {
      const route = options.routeInfo?.url ? `${String(options.routeInfo.method)} ${options.routeInfo.url}` : undefined;
      this.namespace = `rl:${route ?? options.nameSpace ?? 'global'}:`;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      this.hit(this.namespace + key, timeWindow).then((result) => callback(null, result), (error: Error) => callback(error));
    }

    read(key: string, callback: IncrCallback, timeWindow: number) {
      const now = Date.now();
      db.execute<{ count: number; last_request: string }>(
        sql`select count, last_request from rate_limits where key = ${this.namespace + key}`,
      ).then(
        ({ rows }) => {
          const row = rows[0];
          if (!row || Number(row.last_request) + timeWindow <= now) return callback(null, { current: 0, ttl: 0 });
          callback(null, { current: Number(row.count), ttl: Number(row.last_request) + timeWindow - now });
        },
        (error: Error) => callback(error),
      );
    }

    child(options: { routeInfo?: { method?: string | string[]; url?: string } }) {
      return new DatabaseRateLimitStore(options);
    }

    // One atomic upsert: a fixed window that starts at the first hit and restarts once it has passed.
    private async hit(key: string, timeWindow: number) {
      const now = Date.now();
      const { rows } = await db.execute<{ count: number; last_request: string }>(sql`
        insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limits.last_request + ${timeWindow} <= ${now} then 1 else rate_limits.count + 1 end,
          last_request = case when rate_limits.last_request + ${timeWindow} <= ${now} then ${now} else rate_limits.last_request end
        returning count, last_request`);
      const row = rows[0]!;
      return { current: Number(row.count), ttl: Number(row.last_request) + timeWindow - now };
    }
  };
}

export const rateLimitPlugin = fp<{ db: Database }>(async (app, { db }) => {
  await app.register(rateLimit, {
    global: false,
    store: createDatabaseStore(db) as unknown as FastifyRateLimitStoreCtor,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'rate_limited',
        429,
        `Muitas tentativas. Aguarde ${Math.max(1, Math.ceil(context.ttl / 1000))} segundos e tente novamente.`,
      ),
  });
});

// The access flows' own counters in app_rate_limits: the sign-in back-off of each e-mail and address
// (a count, the moment of its last attempt, how long that is remembered) and their removal.
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';

export interface BackoffCounter {
  count: number;
  /** Epoch milliseconds of the last counted attempt. */
  lastAt: number;
  /** How long after `lastAt` the count is remembered. */
  memoryMs: number;
}

type CounterRow = { count: number | string; window_start: number | string; window_ms: number | string };

export const createAccessLimitsRepository = (db: DbExecutor) => ({
  /** The counter under `key`, locked until the caller's transaction ends (simultaneous attempts wait their turn). */
  async lockCounter(key: string): Promise<BackoffCounter | null> {
    const { rows } = await db.execute<CounterRow>(sql`select count, window_start, window_ms from app_rate_limits where key = ${key} for update`);
    const row = rows[0];
    return row ? { count: Number(row.count), lastAt: Number(row.window_start), memoryMs: Number(row.window_ms) } : null;
  },

  /**
   * Counts an attempt at `at`: `count` when the key has no row yet; else one more than the stored count, or
   * 1 when that count was already forgotten. The attempt is remembered for `memoryMs`.
   */
  async countAttempt(key: string, { count, at, memoryMs }: { count: number; at: number; memoryMs: number }) {
    await db.execute(sql`
      insert into app_rate_limits (key, count, window_start, window_ms)
      values (${key}, ${count}::integer, ${at}::bigint, ${memoryMs}::integer)
      on conflict (key) do update set
        count = case when app_rate_limits.window_start + app_rate_limits.window_ms <= ${at}::bigint
          then 1 else app_rate_limits.count + 1 end,
        window_start = ${at}::bigint,
        window_ms = ${memoryMs}::integer`);
  },

  async deleteKey(key: string) {
    await db.execute(sql`delete from app_rate_limits where key = ${key}`);
  },

  /** Deletes `key` and every key starting with `prefix` (a prefix holding no LIKE wildcard). */
  async deleteKeyAndPrefix(key: string, prefix: string) {
    await db.execute(sql`delete from app_rate_limits where key = ${key} or key like ${`${prefix}%`}`);
  },
});

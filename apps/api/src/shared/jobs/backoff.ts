// When a failed job runs again: exponential back-off with jitter, or the receiver's own Retry-After.

export interface RetryPolicy {
  /** Delay before the second attempt, before jitter. */
  baseDelayMs: number;
  /** Ceiling for the exponential delay. */
  maxDelayMs: number;
  /** Ceiling for a receiver's Retry-After, so one answer cannot park a job for days. */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxRetryAfterMs: 24 * 60 * 60_000,
};

/**
 * Delay after the given failed attempt (1-based). The exponential part doubles each time; half of
 * it is random ("equal jitter"), so many jobs that failed together do not all come back together.
 */
export function retryDelayMs(
  failedAttempt: number,
  policy: RetryPolicy,
  { retryAfterMs, random = Math.random }: { retryAfterMs?: number; random?: () => number } = {},
): number {
  if (retryAfterMs !== undefined) return Math.round(Math.min(Math.max(retryAfterMs, 0), policy.maxRetryAfterMs));
  const exponential = Math.min(policy.baseDelayMs * 2 ** Math.max(failedAttempt - 1, 0), policy.maxDelayMs);
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/** Retry-After as delta-seconds or an HTTP date, in milliseconds from `now`; undefined when unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its month ("Wed, 21 Oct 2015 07:28:00 GMT"); bare numbers are not dates.
  const date = /[a-z]{3}/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(date - now, 0);
}

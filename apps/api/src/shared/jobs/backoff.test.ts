import { describe, expect, it } from 'vitest';
import { parseRetryAfter, retryDelayMs, type RetryPolicy } from './backoff.ts';

const policy: RetryPolicy = { baseDelayMs: 1_000, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 };

describe('retry back-off', () => {
  it.each([
    [1, 500, 1_000],
    [2, 1_000, 2_000],
    [3, 2_000, 4_000],
    [4, 4_000, 8_000],
    [5, 5_000, 10_000],
    [12, 5_000, 10_000],
  ])('after failed attempt %i waits between %i and %i ms', (attempt, min, max) => {
    expect(retryDelayMs(attempt, policy, { random: () => 0 })).toBe(min);
    expect(retryDelayMs(attempt, policy, { random: () => 0.999999 })).toBeLessThanOrEqual(max);
    expect(retryDelayMs(attempt, policy, { random: () => 0.999999 })).toBeGreaterThan(max - 1);
  });

  it('spreads jobs that failed together over the second half of the delay', () => {
    const delays = [0.1, 0.4, 0.7].map((value) => retryDelayMs(3, policy, { random: () => value }));
    expect(new Set(delays).size).toBe(3);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(2_000);
  });

  it("follows the receiver's Retry-After instead of its own schedule, up to a ceiling", () => {
    expect(retryDelayMs(1, policy, { retryAfterMs: 7_000 })).toBe(7_000);
    expect(retryDelayMs(1, policy, { retryAfterMs: 0 })).toBe(0);
    expect(retryDelayMs(1, policy, { retryAfterMs: 3_600_000 })).toBe(60_000);
  });
});

describe('reading Retry-After', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');

  it.each([
    ['120', 120_000],
    [' 5 ', 5_000],
    ['Sat, 21 Nov 2026 12:00:30 GMT', 30_000],
    ['Sat, 21 Nov 2026 11:00:00 GMT', 0],
    ['amanhã', undefined],
    ['-5', undefined],
    [undefined, undefined],
  ])('reads %j as %j ms', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { matchesEtag, preferredEncoding } from './http-cache.ts';

describe('the encoding a kept answer goes in', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['*', 'br'],
    // The client's weights decide, not our order.
    ['br;q=0.5, gzip;q=1', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    // Only the compression plugin makes deflate.
    ['deflate', 'deflate'],
    ['gzip;q=0, deflate', 'deflate'],
    ['zstd', 'identity'],
  ])('Accept-Encoding %j: %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});

describe('If-None-Match', () => {
  it('matches the same validator, weak or in a list, and *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});

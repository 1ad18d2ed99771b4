// Validators and stored encodings for answers kept in memory (the public read cache, the built pages).
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

/**
 * The HTTP caching of an anonymous public answer (a catalogue read, a public page), so a CDN or a reverse
 * proxy can do the work of the in-process cache. A browser revalidates it on every use (its ETag makes
 * that a 304), so an admin's change shows at the next read, as the live events expect. A shared cache
 * may keep it for `SHARED_FRESH_SECONDS` (`s-maxage`, which nginx honours); a CDN that reads
 * `CDN-Cache-Control` (RFC 9213) may also serve it stale for `SHARED_STALE_SECONDS` while it revalidates
 * in the background. Browsers ignore that header: a stale-while-revalidate in Cache-Control would let them
 * show an answer older than a change they were told about.
 */
export const SHARED_FRESH_SECONDS = 10;
export const SHARED_STALE_SECONDS = 60;
export const PUBLIC_CACHE_HEADERS = {
  'cache-control': `public, max-age=0, s-maxage=${SHARED_FRESH_SECONDS}`,
  'cdn-cache-control': `max-age=${SHARED_FRESH_SECONDS}, stale-while-revalidate=${SHARED_STALE_SECONDS}`,
} as const;

export const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/** The bytes in one of the stored encodings (brotli at quality 6, gzip at level 6), computed once per kept answer. */
export const compressed = (identity: Buffer, encoding: 'br' | 'gzip') =>
  encoding === 'br' ? brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } }) : gzipSync(identity, { level: 6 });

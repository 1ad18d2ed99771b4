// Validators and stored encodings for answers kept in memory (the public read cache, the built pages).
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/**
 * The encoding a client prefers by its Accept-Encoding (names in any case), among ours, as the compression
 * plugin and the static files choose it (@fastify/accept-negotiator): 'deflate' when it prefers that (the
 * compression plugin makes it), 'identity' when it takes none.
 */
export const preferredEncoding = (acceptEncoding: string | undefined): 'br' | 'gzip' | 'deflate' | 'identity' =>
  negotiate((acceptEncoding ?? 'identity').toLowerCase(), ['br', 'gzip', 'deflate']) ?? 'identity';

/** The bytes in one of the stored encodings (brotli at quality 6, gzip at level 6), computed once per kept answer. */
export const compressed = (identity: Buffer, encoding: 'br' | 'gzip') =>
  encoding === 'br' ? brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } }) : gzipSync(identity, { level: 6 });

/** Response headers that belong to one response only and are never replayed from memory. */
const PER_RESPONSE_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'date',
  'connection',
  'keep-alive',
  'set-cookie',
  'etag',
  'vary',
  'transfer-encoding',
]);
/** A response's headers without the ones that belong to it alone. */
export function replayable(headers: Readonly<Record<string, string | number | readonly string[] | undefined>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !PER_RESPONSE_HEADERS.has(name.toLowerCase())) kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return kept;
}

/** An answer kept in memory, as the front door replays it (the public read cache's entries, the rendered pages). */
export interface KeptAnswer {
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Every header a whole answer carried through Fastify, but the per-response ones: known after the first. */
  wire?: Record<string, string>;
  /** The front door's headers for each way of answering, made on first use. */
  frontHeaders?: Partial<Record<'br' | 'gzip' | 'identity' | 'notModified', OutgoingHttpHeaders>>;
}

/** The stored bytes a client gets: compressed from `compressFrom` bytes on, in the encoding it prefers. */
const encodingFor = (kept: Pick<KeptAnswer, 'identity'>, acceptEncoding: string | undefined, compressFrom: number) =>
  kept.identity.length >= compressFrom ? preferredEncoding(acceptEncoding) : 'identity';

/**
 * Sends a kept answer through Fastify: its ETag, a 304 to a matching If-None-Match, else its bytes in the
 * client's encoding, compressed once and kept (a client that prefers deflate, or takes no encoding, gets
 * them as they are: the compression plugin deflates them for the first).
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, kept: Pick<KeptAnswer, 'etag' | 'identity' | 'br' | 'gzip'>, compressFrom = 0) {
  reply.header('etag', kept.etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], kept.etag)) return reply.code(304).send();
  const encoding = encodingFor(kept, request.headers['accept-encoding'], compressFrom);
  if (encoding === 'identity' || encoding === 'deflate') return reply.send(kept.identity);
  kept[encoding] ??= compressed(kept.identity, encoding);
  return reply.header('content-encoding', encoding).send(kept[encoding]);
}

/**
 * Writes a kept answer as Fastify would have (its headers, a 304 to a matching If-None-Match, the encoding
 * the client prefers) and returns true; false, untouched, when only Fastify can answer: the headers are not
 * known yet, or the client takes deflate only (the compression plugin deflates). Bodies under
 * `compressFrom` bytes go as they are, as the compression plugin leaves them.
 */
export function answerFromMemory(kept: KeptAnswer, request: IncomingMessage, response: ServerResponse, compressFrom = 0): boolean {
  if (!kept.wire) return false;
  const acceptEncoding = request.headers['accept-encoding'];
  const way = matchesEtag(request.headers['if-none-match'], kept.etag) ? 'notModified' : encodingFor(kept, acceptEncoding, compressFrom);
  if (way === 'deflate') return false;
  const body = way === 'notModified' ? undefined : way === 'identity' ? kept.identity : (kept[way] ??= compressed(kept.identity, way));
  const headers = ((kept.frontHeaders ??= {})[way] ??= {
    ...kept.wire,
    etag: kept.etag,
    vary: 'accept-encoding',
    ...(way === 'br' || way === 'gzip' ? { 'content-encoding': way } : {}),
    ...(body ? { 'content-length': body.length } : {}),
  });
  response.writeHead(way === 'notModified' ? 304 : 200, headers);
  response.end(body);
  return true;
}

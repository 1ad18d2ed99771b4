// A cache of the serialised answers of public catalogue reads, so a read that many visitors repeat costs
// one database query per change instead of one per request.
//
// Exactness: each cached read names the tables its answer comes from. The table triggers' NOTIFY reaches
// every instance (the events plugin hears it and tells this cache first), and a change to one of those
// tables drops the answers built from it. A read stores its
// answer only if no change to its tables (and no local write) arrived while it ran, so an answer computed
// from rows older than a change that was already notified is never kept. A write made through this
// instance clears the cache before its own answer leaves, so its author never reads an older answer.
// While the LISTEN connection is down, changes could be missed: the cache is bypassed and emptied, and
// starts again from nothing once notifications flow.
//
// Only anonymous GET requests use it: signed-in answers may differ per user and are never stored.
//
// Once one answer from an entry has gone through every hook, the headers it carried are known, and later
// hits are answered at the server's front door (`frontDoor`), before Fastify makes a request and a reply:
// the same status, headers and bytes, for a fraction of the work.
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { chatContract } from '@vitrine/domain/chat.contract';
import { contentContract } from '@vitrine/domain/content.contract';
import { mediaContract } from '@vitrine/domain/media.contract';
import { resellersContract } from '@vitrine/domain/resellers.contract';
import type { FrontDoor } from '../shared/front-door.ts';
import { answerFromMemory, etagOf, matchesEtag, PUBLIC_CACHE_HEADERS, replayable, sendKept, type KeptAnswer } from '../shared/http-cache.ts';
import type { ChangeListener } from './events.ts';

interface CachedRead {
  /** Tables whose changes make the answer stale. */
  tables: readonly string[];
  /** Answers that also depend on something outside our database (TMDB) expire after this long. */
  maxAgeMs?: number;
}

const MEDIA: CachedRead = { tables: ['media_titles'], maxAgeMs: 60_000 };

/** Route (Fastify's pattern) → what its answer is built from. */
export const CACHED_READS: Readonly<Record<string, CachedRead>> = {
  [catalogContract.listPlans.path]: { tables: ['plans'] },
  [catalogContract.listApps.path]: { tables: ['apps', 'app_files', 'uploads'] },
  [catalogContract.listAppCategories.path]: { tables: ['apps'] },
  [catalogContract.listStreamingApps.path]: { tables: ['streaming_apps'] },
  [resellersContract.listResellerPlans.path]: { tables: ['reseller_plans'] },
  [resellersContract.listServers.path]: { tables: ['supplier_pricing'] },
  [contentContract.getSiteConfig.path]: { tables: ['site_configurations'] },
  // A PIX shortcut's code carries the shop's PIX settings (site configuration, section 'settings').
  [chatContract.listShortcuts.path]: { tables: ['shortcuts', 'site_configurations'] },
  [mediaContract.home.path]: MEDIA,
  [mediaContract.list.path]: MEDIA,
  [mediaContract.discover.path]: MEDIA,
  [mediaContract.genres.path]: MEDIA,
  [mediaContract.details.path]: MEDIA,
  [mediaContract.search.path]: MEDIA,
};

const COMPRESS_FROM_BYTES = 1024;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Entry extends KeptAnswer {
  headers: Record<string, string>;
  storedAt: number;
  maxAgeMs?: number;
  tables: readonly string[];
}

interface Pending {
  key: string;
  read: CachedRead;
  epoch: number;
  generations: number[];
}

export interface PublicCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  bypassed: number;
  /** Hits answered at the front door, before routing (counted in `hits` too). */
  frontDoorHits: number;
  listening: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: {
      stats(): PublicCacheStats;
      clear(): void;
      /** The stored answer to an anonymous GET of this URL while it is current, else undefined (ask the route). */
      peek(url: string): { etag: string; body: Buffer } | undefined;
      /** Answers a current hit before Fastify sees the request (see the server factory in shared/front-door). */
      frontDoor: FrontDoor;
    };
  }
  interface FastifyRequest {
    publicCachePending?: Pending;
    /** The entry this request's answer was stored in or answered from. */
    publicCacheEntry?: Entry;
  }
}

export interface PublicCacheOptions {
  /** Where changes come from: the events plugin's hub in the app. */
  subscribe: (listener: ChangeListener) => void;
  sessionCookieName: string;
  maxBytes?: number;
  now?: () => number;
}

export const publicCachePlugin = fp<PublicCacheOptions>(
  async (app, { subscribe, sessionCookieName, maxBytes = 32 * 1024 * 1024, now = Date.now }) => {
    const entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (entry) => entry.identity.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + 512,
    });
    const generations = new Map<string, number>();
    let epoch = 0;
    let listening = false;
    const counters = { hits: 0, misses: 0, bypassed: 0, frontDoorHits: 0 };

    const clear = () => {
      epoch += 1;
      entries.clear();
    };
    const changed = (table: string) => {
      generations.set(table, (generations.get(table) ?? 0) + 1);
      for (const [key, entry] of entries.entries()) if (entry.tables.includes(table)) entries.delete(key);
    };
    const generationsOf = (tables: readonly string[]) => tables.map((table) => generations.get(table) ?? 0);

    /** The entry for this URL if it may still be answered (notifications flowing, not expired). */
    const current = (key: string) => {
      if (!listening) return undefined;
      const entry = entries.get(key);
      return entry && (entry.maxAgeMs === undefined || now() - entry.storedAt < entry.maxAgeMs) ? entry : undefined;
    };

    const isAnonymous = (request: { headers: { cookie?: string } }) => !(request.headers.cookie ?? '').includes(sessionCookieName);

    const frontDoor: FrontDoor = (request, response) => {
      if (request.method !== 'GET' || !request.url || !isAnonymous(request)) return false;
      const entry = current(request.url);
      if (!entry || !answerFromMemory(entry, request, response, COMPRESS_FROM_BYTES)) return false;
      counters.hits += 1;
      counters.frontDoorHits += 1;
      app.log.info({ method: request.method, url: request.url, statusCode: response.statusCode }, 'respondida pela cache pública');
      return true;
    };

    app.decorate('publicCache', {
      stats: () => ({ entries: entries.size, bytes: entries.calculatedSize, ...counters, listening }),
      clear,
      peek: (url) => {
        const entry = current(url);
        return entry && { etag: entry.etag, body: entry.identity };
      },
      frontDoor,
    });

    // Subscribed when the app is ready; the events plugin starts LISTEN after this and tells the cache of
    // each change before it tells any browser, so a browser's refetch never meets an emptied entry's old bytes.
    app.addHook('onReady', async () => {
      subscribe({
        change: ({ table }) => changed(table),
        connection: (connected) => {
          clear();
          listening = connected;
        },
      });
      listening = true;
    });
    app.addHook('preClose', async () => {
      listening = false;
    });

    // A callback hook: a hit is answered by not calling `done` (an async hook returning the reply would
    // make the promise machinery wait on the reply as a thenable, a listener pair per request).
    app.addHook('onRequest', (request, reply, done) => {
      const read = request.method === 'GET' ? CACHED_READS[request.routeOptions.url ?? ''] : undefined;
      // A signed-in answer is never stored, here or elsewhere (the access plugin says no-store).
      if (!read || !isAnonymous(request)) return done();
      // What shared caches may do with the answer (shared/http-cache.ts).
      reply.headers(PUBLIC_CACHE_HEADERS);
      if (!listening) {
        counters.bypassed += 1;
        return done();
      }
      const key = request.url;
      const entry = current(key);
      if (entry) {
        counters.hits += 1;
        request.publicCacheEntry = entry;
        sendKept(request, reply.headers(entry.headers), entry, COMPRESS_FROM_BYTES);
        return;
      }
      counters.misses += 1;
      request.publicCachePending = { key, read, epoch, generations: generationsOf(read.tables) };
      done();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      // A write through this instance (an admin's) clears the cache before its answer leaves.
      if (WRITE_METHODS.has(request.method) && reply.statusCode < 400 && !isAnonymous(request)) {
        clear();
        return payload;
      }
      const pending = request.publicCachePending;
      // A failure is nobody's to keep.
      if (reply.statusCode >= 400 && reply.hasHeader('cdn-cache-control')) {
        reply.removeHeader('cdn-cache-control');
        reply.header('cache-control', 'no-store');
      }
      if (!pending || reply.statusCode !== 200) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const identity = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
      const etag = etagOf(identity);
      reply.header('etag', etag);
      const unchanged =
        listening && pending.epoch === epoch && generationsOf(pending.read.tables).every((value, index) => value === pending.generations[index]);
      if (unchanged) {
        const headers = replayable(reply.getHeaders());
        const entry: Entry = { headers, etag, identity, storedAt: now(), maxAgeMs: pending.read.maxAgeMs, tables: pending.read.tables };
        entries.set(pending.key, entry);
        request.publicCacheEntry = entry;
      }
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });

    // After every hook has run: the headers a whole answer carried (the security set among them), which
    // the front door replays.
    app.addHook('onResponse', (request, reply, done) => {
      const entry = request.publicCacheEntry;
      if (entry && !entry.wire && reply.statusCode === 200) entry.wire = replayable(reply.getHeaders());
      done();
    });
  },
  { name: 'public-cache' },
);

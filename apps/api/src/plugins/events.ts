// Server-sent events that tell browsers which table changed. Changes come from PostgreSQL
// LISTEN/NOTIFY (table triggers), so writes made through any API instance reach every client.
import type { ServerResponse } from 'node:http';
import { normalizeIP } from '@fastify/rate-limit';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUDIT_TABLE, CHANGE_EVENT_NAME, readTableChange, type TableChange } from '@vitrine/domain/events';
import { eventsContract } from '@vitrine/domain/events.contract';
import { CHANGES_CHANNEL, type Database, type DatabaseHandle } from '../db/client.ts';
import { proUsers, sessions, users } from '../db/schema.ts';
import { answerEventStreamHead, openEventStream } from '../shared/event-stream.ts';
import { route } from '../shared/route.ts';

export type { TableChange };

// Tables whose active rows anyone may read; changes to the others reach PRO sessions only.
export const PUBLIC_TABLES = new Set([
  'plans',
  'apps',
  'app_files',
  'streaming_apps',
  'shortcuts',
  'reseller_plans',
  'supplier_pricing',
  'site_configurations',
  'media_titles',
]);

export interface EventStreamLimits {
  /** Open streams per client address: a person may keep a few tabs open, not thousands of sockets. */
  perClient: number;
  /** Open streams on this instance, below its file-descriptor budget, so other visitors keep being served. */
  total: number;
}
export const DEFAULT_EVENT_STREAM_LIMITS: EventStreamLimits = { perClient: 6, total: 500 };
/** Seconds a refused client is asked to wait before trying again. */
export const EVENT_STREAM_RETRY_AFTER_S = 30;

interface Client {
  response: ServerResponse;
  /** The session the stream was opened with; never logged. Private events are re-checked against it. */
  sessionToken: string | null;
}

/** Told of every change before any browser is, and of the LISTEN connection's state. */
export interface ChangeListener {
  change(change: TableChange): void;
  /** false: notifications may be missed from now on; true: they flow again. */
  connection?(connected: boolean): void;
}

export interface EventHub {
  readonly clientCount: number;
  /**
   * Sends a change to connected clients of this instance (NOTIFY fan-in calls it), in arrival order.
   * `writerSession`: on an audit row, the id of the session that wrote; each browser is told whether it was its own.
   */
  dispatch(change: TableChange, writerSession?: string | null): Promise<void>;
  /** Adds a listener that hears each change before the browsers do (so a cache is emptied before they refetch). */
  onChange(listener: ChangeListener): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventHub;
  }
}

export interface EventsPluginOptions {
  database: DatabaseHandle;
  /** The token of the request's signed-in session once its cookie is verified, or null. */
  sessionToken: (request: FastifyRequest) => Promise<string | null>;
  limits?: Partial<EventStreamLimits>;
  /** REQUIRE_TWO_FACTOR: private events reach only PRO users whose two-factor is on at the time of the event. */
  requireTwoFactor?: boolean;
}

/**
 * Of the given session tokens, those whose session has not expired and whose user's e-mail is an
 * active PRO user right now, with two-factor on when it is required (the same rule as every admin
 * request, in one query for all streams), each with its session's id.
 */
async function tokensWithPrivateAccess(db: Database, tokens: string[], requireTwoFactor: boolean): Promise<Map<string, string>> {
  if (!tokens.length) return new Map();
  const rows = await db
    .select({ token: sessions.token, id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(proUsers, and(eq(proUsers.email, sql`lower(trim(${users.email}))`), eq(proUsers.isActive, true)))
    .where(and(inArray(sessions.token, tokens), gt(sessions.expiresAt, sql`now()`), requireTwoFactor ? eq(users.twoFactorEnabled, true) : undefined));
  return new Map(rows.map((row) => [row.token, row.id]));
}

const refusal = (reply: FastifyReply, status: 429 | 503, code: string, message: string) =>
  reply.code(status).header('retry-after', String(EVENT_STREAM_RETRY_AFTER_S)).header('cache-control', 'no-store').send({ error: { code, message } });

const UNAVAILABLE_MESSAGE = 'Atualizações em tempo real indisponíveis no momento. Tente novamente em instantes.';

export const eventsPlugin = fp<EventsPluginOptions>(async (app, { database, sessionToken, limits, requireTwoFactor = false }) => {
  const { perClient, total } = { ...DEFAULT_EVENT_STREAM_LIMITS, ...limits };
  const clients = new Set<Client>();
  // Streams being opened or open, per client address: counted before any await, so a burst of
  // simultaneous requests cannot all slip under the limits.
  const openPerAddress = new Map<string, number>();
  let openTotal = 0;
  let lastFullWarning = -Infinity;

  const write = (client: Client, frame: string) => {
    if (clients.has(client)) client.response.write(frame);
  };

  const frameOf = (change: TableChange) => `event: ${CHANGE_EVENT_NAME}\ndata: ${JSON.stringify(change)}\n\n`;
  const deliver = async (change: TableChange, writerSession: string | null) => {
    const frame = frameOf(change);
    if (PUBLIC_TABLES.has(change.table)) {
      for (const client of clients) write(client, frame);
      return;
    }
    // Access is decided at the time of the event, not when the stream opened: a signed-out session,
    // a deactivated e-mail or (REQUIRE_TWO_FACTOR) two-factor turned off, on any instance, stops private
    // events at once; the stream stays for public ones. A PRO session without two-factor never opens one
    // then (the access plugin's guard answers it 403).
    const candidates = [...clients].filter((client) => client.sessionToken !== null);
    if (!candidates.length) return;
    const allowed = await tokensWithPrivateAccess(database.db, [...new Set(candidates.map((client) => client.sessionToken!))], requireTwoFactor);
    // An audit row is a person's write: its own session hears 'self' (no 'another user' notice), the others 'other'.
    const isWrite = change.table === AUDIT_TABLE && change.op === 'insert';
    const own = isWrite ? frameOf({ ...change, origin: 'self' }) : frame;
    const others = isWrite ? frameOf({ ...change, origin: 'other' }) : frame;
    for (const client of candidates) {
      const sessionId = allowed.get(client.sessionToken!);
      if (sessionId !== undefined) write(client, writerSession !== null && sessionId === writerSession ? own : others);
    }
  };

  let delivering: Promise<void> = Promise.resolve();
  const changeListeners: ChangeListener[] = [];
  const hub: EventHub = {
    onChange(listener) {
      changeListeners.push(listener);
    },
    get clientCount() {
      return clients.size;
    },
    dispatch(change, writerSession = null) {
      delivering = delivering
        .then(() => deliver(change, writerSession))
        // When access cannot be checked the private event is dropped, never sent unchecked.
        .catch((error: unknown) => app.log.warn({ err: error, table: change.table }, 'evento de mudança não entregue'));
      return delivering;
    },
  };
  app.decorate('events', hub);

  let unsubscribe: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await database.listen(
      CHANGES_CHANNEL,
      (payload) => {
        const raw = safeJson(payload);
        const change = readTableChange(raw);
        if (!change) {
          app.log.warn({ payload }, 'notificação de mudança ignorada');
          return;
        }
        // The writer's session id stays on the server: browsers are only told 'self' or 'other'.
        const writer = change.table === AUDIT_TABLE ? (raw as { session?: unknown }).session : null;
        delete change.origin;
        for (const listener of changeListeners) listener.change(change);
        void hub.dispatch(change, typeof writer === 'string' ? writer : null);
      },
      { onConnectionChange: (connected) => changeListeners.forEach((listener) => listener.connection?.(connected)) },
    );
  });

  // Open event streams would keep close() waiting forever: end them first.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    const open = [...clients];
    clients.clear();
    for (const client of open) client.response.end();
  });
  app.addHook('onClose', async () => {
    await unsubscribe?.();
  });

  route(
    app,
    eventsContract.stream,
    { description: `No máximo ${perClient} fluxos abertos por cliente (429) e ${total} por instância (503).` },
    async (request, reply) => {
      const address = normalizeIP(request.ip);
      const mine = openPerAddress.get(address) ?? 0;
      if (mine >= perClient) {
        return refusal(reply, 429, 'events.too_many_streams', 'Muitas conexões de atualização abertas. Feche algumas abas e tente novamente em instantes.');
      }
      if (openTotal >= total) {
        // Once a minute at most: a flood of refused requests must not flood the log too.
        if (Date.now() - lastFullWarning >= 60_000) {
          lastFullWarning = Date.now();
          request.log.warn({ openTotal }, 'limite de fluxos de eventos da instância atingido');
        }
        return refusal(reply, 503, 'events.unavailable', UNAVAILABLE_MESSAGE);
      }
      // A monitor's or a proxy's HEAD: what a GET would get now, without opening a stream or taking a place.
      if (request.method === 'HEAD') return answerEventStreamHead(app, reply);
      openPerAddress.set(address, mine + 1);
      openTotal += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        openTotal -= 1;
        const left = (openPerAddress.get(address) ?? 1) - 1;
        if (left > 0) openPerAddress.set(address, left);
        else openPerAddress.delete(address);
      };
      // Fires when the client goes away or when we end the stream, whichever comes first.
      reply.raw.once('close', release);

      let token: string | null;
      try {
        token = await sessionToken(request);
      } catch (error) {
        request.log.warn({ err: error }, 'sessão do fluxo de eventos não verificada; somente eventos públicos');
        token = null;
      }
      // The client left while its session was checked: nothing to serve.
      if (reply.raw.destroyed) {
        release();
        reply.hijack();
        return reply;
      }
      // The server began closing meanwhile: preClose has already ended the open streams.
      if (closing) {
        release();
        return refusal(reply, 503, 'events.unavailable', UNAVAILABLE_MESSAGE);
      }

      const client: Client = { response: reply.raw, sessionToken: token };
      // The limits above cap the streams; the helper lifts the idle timeout (IDLE_TIMEOUT_SECONDS) for them.
      openEventStream(app, request, reply, () => {
        clients.delete(client);
        release();
      });
      clients.add(client);
      return reply;
    },
  );
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

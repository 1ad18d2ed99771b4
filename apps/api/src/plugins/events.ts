// Server-sent events that tell browsers which table changed. Changes come from PostgreSQL
// LISTEN/NOTIFY (table triggers), so writes made through any API instance reach every client.
import type { FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { CHANGES_CHANNEL, type DatabaseHandle } from '../db/client.ts';

export const tableChangeSchema = z.object({
  table: z.string(),
  op: z.enum(['insert', 'update', 'delete']),
  id: z.string().nullable(),
});
export type TableChange = z.infer<typeof tableChangeSchema>;

// Tables whose active rows anyone may read; changes to the others reach PRO sessions only.
export const PUBLIC_TABLES = new Set([
  'plans',
  'apps',
  'streaming_apps',
  'shortcuts',
  'reseller_plans',
  'supplier_pricing',
  'site_configurations',
  'media_titles',
]);

const HEARTBEAT_MS = 25_000;

interface Client {
  response: ServerResponse;
  canSeePrivate: boolean;
}

export interface EventHub {
  readonly clientCount: number;
  /** Sends a change to connected clients of this instance (NOTIFY fan-in calls it). */
  dispatch(change: TableChange): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventHub;
  }
}

export interface EventsPluginOptions {
  database: DatabaseHandle;
  canSeePrivate: (request: FastifyRequest) => Promise<boolean>;
}

export const eventsPlugin = fp<EventsPluginOptions>(async (app, { database, canSeePrivate }) => {
  const clients = new Set<Client>();

  const hub: EventHub = {
    get clientCount() {
      return clients.size;
    },
    dispatch(change) {
      const frame = `event: change\ndata: ${JSON.stringify(change)}\n\n`;
      const isPublic = PUBLIC_TABLES.has(change.table);
      for (const client of clients) {
        if (isPublic || client.canSeePrivate) client.response.write(frame);
      }
    },
  };
  app.decorate('events', hub);

  let unsubscribe: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await database.listen(CHANGES_CHANNEL, (payload) => {
      const parsed = tableChangeSchema.safeParse(safeJson(payload));
      if (parsed.success) hub.dispatch(parsed.data);
      else app.log.warn({ payload }, 'notificação de mudança ignorada');
    });
  });

  // Open event streams would keep close() waiting forever: end them first.
  app.addHook('preClose', async () => {
    for (const client of clients) client.response.end();
    clients.clear();
  });
  app.addHook('onClose', async () => {
    await unsubscribe?.();
  });

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Fluxo de eventos (SSE) com as tabelas alteradas',
        hide: false,
      },
    },
    async (request, reply) => {
      const client: Client = { response: reply.raw, canSeePrivate: await canSeePrivate(request).catch(() => false) };
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      reply.raw.write('retry: 3000\n: conectado\n\n');
      clients.add(client);
      const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        clients.delete(client);
      });
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    status: z.enum(['up', 'down']),
    latencyMs: z.number().optional(),
  }),
  uptimeSeconds: z.number(),
});

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { schema: { tags: ['sistema'], summary: 'Estado do servidor e do banco', response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const started = performance.now();
      const up = await Promise.race([
        database.ping().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 2_000).unref()),
      ]).catch(() => false);
      const body = {
        status: up ? ('ok' as const) : ('degraded' as const),
        database: {
          kind: database.kind,
          status: up ? ('up' as const) : ('down' as const),
          ...(up ? { latencyMs: Math.round((performance.now() - started) * 10) / 10 } : {}),
        },
        uptimeSeconds: Math.round(process.uptime()),
      };
      reply.header('cache-control', 'no-store');
      return reply.status(up ? 200 : 503).send(body);
    },
  );
}

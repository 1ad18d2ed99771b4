import type { FastifyInstance } from 'fastify';
import { healthContract } from '@vitrine/domain/health.contract';
import { route } from '../../shared/route.ts';
import type { DatabaseHandle } from '../../db/client.ts';

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  route(app, healthContract.health, {},
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

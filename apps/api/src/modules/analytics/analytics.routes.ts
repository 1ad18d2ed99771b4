import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessEventInputSchema } from '@vitrine/domain/analytics';
import type { Database } from '../../db/client.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { recordAccessEvent } from './analytics.usecases.ts';

export async function analyticsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const repository = createAnalyticsRepository(db);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/analytics/access-events',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['analytics'], summary: 'Registra a visita a uma rota do site', body: accessEventInputSchema },
    },
    async (request, reply) => {
      await recordAccessEvent({ repository }, { ...request.body, userAgent: request.headers['user-agent'] });
      return reply.status(204).send();
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { analyticsContract } from '@vitrine/domain/analytics.contract';
import type { Database } from '../../db/client.ts';
import { route } from '../../shared/route.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { recordAccessEvent } from './analytics.usecases.ts';

export async function analyticsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const repository = createAnalyticsRepository(db);
  route(app, analyticsContract.recordAccessEvent, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request, reply) => {
    await recordAccessEvent({ repository }, { ...request.body, userAgent: request.headers['user-agent'] });
    return reply.status(204).send();
  });
}

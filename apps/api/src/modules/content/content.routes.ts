import type { FastifyInstance } from 'fastify';
import { contentContract } from '@vitrine/domain/content.contract';
import type { Database } from '../../db/client.ts';
import { route } from '../../shared/route.ts';
import { createContentRepository } from './content.repository.ts';
import { readPublicSection, submitContactMessage } from './content.usecases.ts';

export async function contentRoutes(
  app: FastifyInstance,
  { db, resolveContactEmail }: { db: Database; resolveContactEmail: () => Promise<string | undefined> },
) {
  const repository = createContentRepository(db);

  route(app, contentContract.getSiteConfig, {}, async (request) => readPublicSection({ repository }, request.params.section));

  route(app, contentContract.sendContactMessage, { config: { rateLimit: { max: 10, timeWindow: '10 minutes' } } }, async (request, reply) => {
    const created = await submitContactMessage({ repository, resolveContactEmail }, request.body);
    return reply.status(201).send(created);
  });
}

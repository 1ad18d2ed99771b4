import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { configSectionSchema, siteConfigSectionResponseSchema } from '@vitrine/domain/content';
import type { Database } from '../../db/client.ts';
import { createContentRepository } from './content.repository.ts';
import { readPublicSection } from './content.usecases.ts';

export async function contentRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const repository = createContentRepository(db);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/site-config/:section',
    {
      schema: {
        tags: ['conteúdo'],
        summary: 'Configuração pública do site por seção (header, footer, legal, contact)',
        params: z.object({ section: configSectionSchema }),
        response: { 200: siteConfigSectionResponseSchema },
      },
    },
    async (request) => readPublicSection({ repository }, request.params.section),
  );
}

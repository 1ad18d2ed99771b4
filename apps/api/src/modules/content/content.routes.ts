import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  configSectionSchema,
  contactMessageCreatedSchema,
  contactMessageInputSchema,
  siteConfigSectionResponseSchema,
} from '@vitrine/domain/content';
import type { Database } from '../../db/client.ts';
import { createContentRepository } from './content.repository.ts';
import { readPublicSection, submitContactMessage } from './content.usecases.ts';

export async function contentRoutes(
  app: FastifyInstance,
  { db, resolveContactEmail }: { db: Database; resolveContactEmail: () => Promise<string | undefined> },
) {
  const repository = createContentRepository(db);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
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

  typed.post(
    '/api/contact',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['conteúdo'],
        summary: 'Envia uma mensagem pelo formulário de contato',
        body: contactMessageInputSchema,
        response: { 201: contactMessageCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await submitContactMessage({ repository, resolveContactEmail }, request.body);
      return reply.status(201).send(created);
    },
  );
}

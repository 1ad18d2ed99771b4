import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicResellerPlanListSchema, resellerPlanListQuerySchema, serverCardListSchema } from '@vitrine/domain/resellers';
import type { Database } from '../../db/client.ts';
import { createResellersRepository } from './resellers.repository.ts';
import { listPublicResellerPlans, listServerCards } from './resellers.usecases.ts';

export async function resellersRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const repository = createResellersRepository(db);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/reseller-plans',
    {
      schema: {
        tags: ['revendas'],
        summary: 'Planos de revenda ativos (pré-pago, mensal, clientes ativos), por tipo opcional',
        querystring: resellerPlanListQuerySchema,
        response: { 200: publicResellerPlanListSchema },
      },
    },
    async (request) => listPublicResellerPlans({ repository }, request.query.type),
  );

  typed.get(
    '/api/servers',
    {
      schema: {
        tags: ['revendas'],
        summary: 'Servidores premium: preços de fornecedor das categorias "Planos …" ativas',
        response: { 200: serverCardListSchema },
      },
    },
    async () => listServerCards({ repository }),
  );
}

import type { FastifyInstance } from 'fastify';
import { resellersContract } from '@vitrine/domain/resellers.contract';
import type { Database } from '../../db/client.ts';
import { route } from '../../shared/route.ts';
import { createResellersRepository } from './resellers.repository.ts';
import { listPublicResellerPlans, listServerCards } from './resellers.usecases.ts';

export async function resellersRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const repository = createResellersRepository(db);

  route(app, resellersContract.listResellerPlans, {}, async (request) => listPublicResellerPlans({ repository }, request.query.type));

  route(app, resellersContract.listServers, {}, async () => listServerCards({ repository }));
}

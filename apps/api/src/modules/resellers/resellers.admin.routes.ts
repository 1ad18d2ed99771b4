// The admin's reseller plans, audited.
import type { FastifyInstance } from 'fastify';
import { adminResellerPlansContract } from '@vitrine/domain/resellers-admin.contract';
import type { Database } from '../../db/client.ts';
import { registerAdminResource } from '../admin/admin.resource.ts';
import { resellerPlans } from './resellers.tables.ts';

export async function resellersAdminRoutes(app: FastifyInstance, { db }: { db: Database }) {
  registerAdminResource(app, db, {
    contract: adminResellerPlansContract,
    resource: 'reseller-plans',
    table: resellerPlans,
    searchColumns: [resellerPlans.name, resellerPlans.description],
    sortColumns: {
      createdAt: resellerPlans.createdAt,
      name: resellerPlans.name,
      price: resellerPlans.price,
      credits: resellerPlans.credits,
      updatedAt: resellerPlans.updatedAt,
    },
    // Newest first, as the reseller-plan manager lists them.
    defaultOrder: 'desc',
  });
}

// The admin's reseller plans, audited.
import type { FastifyInstance } from 'fastify';
import { adminResellerPlansContract } from '@vitrine/domain/resellers-admin.contract';
import type { Database } from '../../db/client.ts';
import { registerAdminResource } from '../admin/admin.resource.ts';
import { resellerPlansAdminTable } from './resellers.repository.ts';

export async function resellersAdminRoutes(app: FastifyInstance, { db }: { db: Database }) {
  registerAdminResource(app, db, {
    contract: adminResellerPlansContract,
    resource: 'reseller-plans',
    ...resellerPlansAdminTable,
    // Newest first, as the reseller-plan manager lists them.
    defaultOrder: 'desc',
  });
}

// The admin's catalogue resources: plans, apps and streaming apps with every stored field, audited.
import type { FastifyInstance } from 'fastify';
import type { AdminPlan } from '@vitrine/domain/catalog-admin';
import { adminAppsContract, adminPlansContract, adminStreamingAppsContract } from '@vitrine/domain/catalog-admin.contract';
import type { Database } from '../../db/client.ts';
import { registerAdminResource } from '../admin/admin.resource.ts';
import { appsAdminTable, plansAdminTable, streamingAppsAdminTable, type PlanRow } from './catalog.repository.ts';

const toAdminPlan = (row: PlanRow): AdminPlan => ({
  id: row.id,
  name: row.name,
  icon: (row.icon as AdminPlan['icon']) ?? null,
  priceMonthly: row.priceMonthly,
  priceQuarterly: row.priceQuarterly,
  priceSemiannual: row.priceSemiannual,
  priceAnnual: row.priceAnnual,
  features: row.features,
  isPopular: row.isPopular,
  isSpecial: row.isSpecial,
  active: row.active,
  displayOrder: row.displayOrder,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function catalogAdminRoutes(app: FastifyInstance, { db }: { db: Database }) {
  registerAdminResource(app, db, {
    contract: adminPlansContract,
    resource: 'plans',
    ...plansAdminTable,
    toItem: (row) => toAdminPlan(row as PlanRow),
    toInsert: (body) => ({ ...body }),
    toUpdate: (body) => ({ ...body }),
  });

  registerAdminResource(app, db, {
    contract: adminAppsContract,
    resource: 'apps',
    ...appsAdminTable,
  });

  registerAdminResource(app, db, {
    contract: adminStreamingAppsContract,
    resource: 'streaming-apps',
    ...streamingAppsAdminTable,
  });
}

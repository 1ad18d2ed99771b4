import { and, asc, eq, like } from 'drizzle-orm';
import { SERVER_CATEGORY_PREFIX, type ResellerPlanType } from '@vitrine/domain/resellers';
import type { DbExecutor } from '../../db/client.ts';
import { resellerPlans, supplierPricing } from '../../db/schema.ts';
import type { AdminTable } from '../admin/admin.resource.ts';

export type ResellerPlanRow = typeof resellerPlans.$inferSelect;

export const resellerPlansAdminTable = {
  table: resellerPlans,
  searchColumns: [resellerPlans.name, resellerPlans.description],
  sortColumns: {
    createdAt: resellerPlans.createdAt,
    name: resellerPlans.name,
    price: resellerPlans.price,
    credits: resellerPlans.credits,
    updatedAt: resellerPlans.updatedAt,
  },
} satisfies AdminTable;

export const createResellersRepository = (db: DbExecutor) => ({
  async listActivePlans(type?: ResellerPlanType): Promise<ResellerPlanRow[]> {
    return db
      .select()
      .from(resellerPlans)
      .where(and(eq(resellerPlans.isActive, true), type ? eq(resellerPlans.type, type) : undefined))
      .orderBy(asc(resellerPlans.type), asc(resellerPlans.credits), asc(resellerPlans.name));
  },

  /** Active 'Planos …' rows, without the supplier's credentials and panel addresses. */
  async listActiveServerRows() {
    return db
      .select({
        id: supplierPricing.id,
        category: supplierPricing.category,
        supplier: supplierPricing.supplier,
        server: supplierPricing.server,
        costPerCredit: supplierPricing.costPerCredit,
        qtdCreditos: supplierPricing.qtdCreditos,
        minimumPurchase: supplierPricing.minimumPurchase,
        prePago: supplierPricing.prePago,
        posPago: supplierPricing.posPago,
        clientesAtivos: supplierPricing.clientesAtivos,
        mensalista: supplierPricing.mensalista,
      })
      .from(supplierPricing)
      .where(and(eq(supplierPricing.isActive, true), like(supplierPricing.category, `${SERVER_CATEGORY_PREFIX}%`)))
      .orderBy(asc(supplierPricing.category), asc(supplierPricing.server), asc(supplierPricing.id));
  },
});
export type ResellersRepository = ReturnType<typeof createResellersRepository>;
export type ServerRow = Awaited<ReturnType<ResellersRepository['listActiveServerRows']>>[number];

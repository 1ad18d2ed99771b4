// The recharge back office's queries: providers and their cost tiers, the standard costs (a site
// configuration entry), saved calculations, credit orders and their webhook deliveries, and where the
// admin resources (suppliers, providers, recharge contacts) are stored.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { pageOffset } from '@vitrine/domain/lists';
import { STANDARD_COSTS_CONFIG, type StandardCosts } from '@vitrine/domain/pricing/standard-costs';
import type { ProviderCostInput } from '@vitrine/domain/recharge';
import type { DbExecutor } from '../../db/client.ts';
import {
  creditOrders,
  pricingCalculations,
  providerCosts,
  providers,
  rechargeContacts,
  siteConfigurations,
  supplierPricing,
  webhookDeliveries,
} from '../../db/schema.ts';
import type { AdminTable } from '../admin/admin.resource.ts';

export type CostRow = typeof providerCosts.$inferSelect;
export type CalculationRow = typeof pricingCalculations.$inferSelect;
export type NewCalculationRow = typeof pricingCalculations.$inferInsert;
export type OrderRow = typeof creditOrders.$inferSelect;
export type NewOrderRow = typeof creditOrders.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type RechargeContactRow = typeof rechargeContacts.$inferSelect;

// ---------------------------------------------------------------- the admin's resources

export const suppliersAdminTable = {
  table: supplierPricing,
  searchColumns: [supplierPricing.supplier, supplierPricing.server, supplierPricing.category],
  sortColumns: {
    createdAt: supplierPricing.createdAt,
    supplier: supplierPricing.supplier,
    server: supplierPricing.server,
    category: supplierPricing.category,
    costPerCredit: supplierPricing.costPerCredit,
  },
} satisfies AdminTable;

export const providersAdminTable = {
  table: providers,
  searchColumns: [providers.name, providers.supplierName, providers.description],
  sortColumns: { name: providers.name, createdAt: providers.createdAt, updatedAt: providers.updatedAt },
} satisfies AdminTable;

export const rechargeContactsAdminTable = {
  table: rechargeContacts,
  searchColumns: [rechargeContacts.name, rechargeContacts.phone],
  sortColumns: { name: rechargeContacts.name, createdAt: rechargeContacts.createdAt },
} satisfies AdminTable;

const standardCostsEntry = () =>
  and(eq(siteConfigurations.section, STANDARD_COSTS_CONFIG.section), eq(siteConfigurations.configKey, STANDARD_COSTS_CONFIG.key));

export const createRechargeRepository = (db: DbExecutor) => ({
  // -------------------------------------------------------------- providers and tiers

  async listProviders() {
    return db.select().from(providers).orderBy(asc(providers.name), asc(providers.id));
  },

  async listCosts(): Promise<CostRow[]> {
    return db.select().from(providerCosts).orderBy(asc(providerCosts.quantity));
  },

  async providerExists(providerId: string): Promise<boolean> {
    const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId));
    return Boolean(provider);
  },

  /** Locks the provider until the transaction ends; false when there is none. */
  async lockProvider(providerId: string): Promise<boolean> {
    const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId)).for('update');
    return Boolean(provider);
  },

  async providerTiers(providerId: string): Promise<CostRow[]> {
    return db.select().from(providerCosts).where(eq(providerCosts.providerId, providerId));
  },

  /** Adds the tier of a plan type and quantity, or replaces its unit cost; `before` is the tier as it was. */
  async putCost(providerId: string, input: ProviderCostInput): Promise<{ before: CostRow | undefined; row: CostRow }> {
    const [before] = await db
      .select()
      .from(providerCosts)
      .where(and(eq(providerCosts.providerId, providerId), eq(providerCosts.planType, input.planType), eq(providerCosts.quantity, input.quantity)));
    const [row] = await db
      .insert(providerCosts)
      .values({ providerId, ...input })
      .onConflictDoUpdate({ target: [providerCosts.providerId, providerCosts.planType, providerCosts.quantity], set: { unitCost: input.unitCost } })
      .returning();
    return { before, row: row! };
  },

  async deleteCost(providerId: string, costId: string): Promise<CostRow | undefined> {
    const [row] = await db
      .delete(providerCosts)
      .where(and(eq(providerCosts.id, costId), eq(providerCosts.providerId, providerId)))
      .returning();
    return row;
  },

  // -------------------------------------------------------------- standard costs

  async readStandardCosts(): Promise<unknown> {
    const [row] = await db.select({ value: siteConfigurations.configValue }).from(siteConfigurations).where(standardCostsEntry());
    return row?.value;
  },

  /** Writes the entry (created when missing) and returns it as it was and as it is. */
  async saveStandardCosts(costs: StandardCosts) {
    const [current] = await db.select().from(siteConfigurations).where(standardCostsEntry()).for('update');
    const [row] = current
      ? await db.update(siteConfigurations).set({ configValue: costs }).where(standardCostsEntry()).returning()
      : // Two first saves race: the later waits for the earlier's row and updates it (never a 500).
        await db
          .insert(siteConfigurations)
          .values({ section: STANDARD_COSTS_CONFIG.section, configKey: STANDARD_COSTS_CONFIG.key, configValue: costs })
          .onConflictDoUpdate({ target: [siteConfigurations.section, siteConfigurations.configKey], set: { configValue: costs, updatedAt: new Date() } })
          .returning();
    return { current, row: row! };
  },

  // -------------------------------------------------------------- saved calculations

  async insertCalculation(values: NewCalculationRow): Promise<CalculationRow> {
    const [row] = await db.insert(pricingCalculations).values(values).returning();
    return row!;
  },

  async listCalculations(query: { providerId: string; page: number; pageSize: number }): Promise<{ rows: CalculationRow[]; total: number }> {
    const where = eq(pricingCalculations.providerId, query.providerId);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(pricingCalculations)
        .where(where)
        .orderBy(desc(pricingCalculations.createdAt), desc(pricingCalculations.id))
        .limit(query.pageSize)
        .offset(pageOffset(query)),
      db.$count(pricingCalculations, where),
    ]);
    return { rows, total };
  },

  // -------------------------------------------------------------- credit purchase orders

  async findActiveContact(id: string): Promise<RechargeContactRow | undefined> {
    const [contact] = await db
      .select()
      .from(rechargeContacts)
      .where(and(eq(rechargeContacts.id, id), eq(rechargeContacts.isActive, true)));
    return contact;
  },

  async insertOrder(values: NewOrderRow): Promise<OrderRow> {
    const [row] = await db.insert(creditOrders).values(values).returning();
    return row!;
  },

  async findOrder(id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(creditOrders).where(eq(creditOrders.id, id));
    return row;
  },

  async listOrders(page: { page: number; pageSize: number }): Promise<{ rows: OrderRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      db.select().from(creditOrders).orderBy(desc(creditOrders.createdAt), desc(creditOrders.id)).limit(page.pageSize).offset(pageOffset(page)),
      db.$count(creditOrders),
    ]);
    return { rows, total };
  },

  /** The webhook deliveries of these orders, oldest first. */
  async orderDeliveries(orderIds: string[]): Promise<DeliveryRow[]> {
    return db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.source, 'credit_order'), inArray(webhookDeliveries.sourceId, orderIds)))
      .orderBy(asc(webhookDeliveries.createdAt));
  },
});
export type RechargeRepository = ReturnType<typeof createRechargeRepository>;

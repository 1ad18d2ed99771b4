import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { plans, providerCosts, providers, resellerPlans, shortcuts, siteConfigurations } from './schema.ts';
import { seedDemoData } from './seed.ts';

describe('demo data', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is seeded once: a second start finds it and adds nothing', async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    expect(await seedDemoData(database.db)).toBe(false);
    expect(await database.db.$count(plans)).toBe(3);
  });

  it('has the three plans the assistant quotes', async () => {
    const rows = await database.db.select().from(plans).orderBy(asc(plans.priceMonthly));
    expect(rows.map((row) => [row.name, row.priceMonthly])).toEqual([
      ['Básico', 35],
      ['Premium', 40],
      ['Family', 50],
    ]);
  });

  it("has the specification's monthly and active-user reseller tables", async () => {
    const monthly = await database.db.select().from(resellerPlans).where(eq(resellerPlans.type, 'monthly')).orderBy(asc(resellerPlans.credits));
    expect(monthly.map((row) => [row.credits, row.price])).toEqual([
      [50, 120],
      [100, 180],
      [150, 240],
      [200, 300],
    ]);
    const active = await database.db.select().from(resellerPlans).where(eq(resellerPlans.type, 'active_users')).orderBy(asc(resellerPlans.credits));
    expect(active.map((row) => [row.credits, row.pricePerCredit, row.minimumMonthly])).toEqual([
      [5, 7, 35],
      [10, 6.5, 65],
      [20, 6, 120],
    ]);
  });

  it('has two providers whose cost tiers come from the reference price tables', async () => {
    const rows = await database.db.select().from(providers).orderBy(asc(providers.name));
    expect(rows.map((row) => row.name)).toEqual(['StreamMax', 'TurboCast']);
    const tiers = await database.db
      .select()
      .from(providerCosts)
      .where(eq(providerCosts.providerId, rows[0]!.id))
      .orderBy(asc(providerCosts.planType), asc(providerCosts.quantity));
    expect(tiers).toHaveLength(13);
    const annual = tiers.filter((tier) => tier.planType === 'annual').map((tier) => [tier.quantity, tier.unitCost, tier.totalCost]);
    expect(annual).toEqual([
      [5, 117, 585],
      [50, 105, 5250],
      [500, 46, 23000],
    ]);
  });

  it('has one PIX and one webhook shortcut, and the header and footer configuration', async () => {
    const rows = await database.db.select().from(shortcuts).orderBy(asc(shortcuts.orderIndex));
    expect(rows.map((row) => row.type)).toEqual(['pix', 'webhook']);
    const sections = await database.db.selectDistinct({ section: siteConfigurations.section }).from(siteConfigurations);
    expect(sections.map((row) => row.section)).toEqual(expect.arrayContaining(['header', 'footer']));
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicResellerPlan, ServerCard } from '@vitrine/domain/resellers';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { resellerPlans, supplierPricing } from '../../db/schema.ts';

const noticed = { timeout: 10_000, interval: 20 };

describe('reseller offers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('lists the active monthly and active-user plans', async () => {
    const list = await get<PublicResellerPlan[]>('/api/reseller-plans');
    expect(list).toHaveLength(7);
    const monthly = await get<PublicResellerPlan[]>('/api/reseller-plans?type=monthly');
    expect(monthly.map((plan) => [plan.credits, plan.price])).toEqual([
      [50, 120],
      [100, 180],
      [150, 240],
      [200, 300],
    ]);
    const active = await get<PublicResellerPlan[]>('/api/reseller-plans?type=active_users');
    expect(active.map((plan) => [plan.credits, plan.pricePerCredit, plan.minimumMonthly])).toEqual([
      [5, 7, 35],
      [10, 6.5, 65],
      [20, 6, 120],
    ]);
  });

  it('hides a reseller plan that is switched off', async () => {
    await t.database.db.update(resellerPlans).set({ isActive: false }).where(eq(resellerPlans.name, 'Mensal 50 créditos'));
    // A write by another connection reaches the public read cache with its change notification.
    const monthlyCredits = async () => (await get<PublicResellerPlan[]>('/api/reseller-plans?type=monthly')).map((plan) => plan.credits);
    await expect.poll(monthlyCredits, noticed).toEqual([100, 150, 200]);
    await t.database.db.update(resellerPlans).set({ isActive: true }).where(eq(resellerPlans.name, 'Mensal 50 créditos'));
    await expect.poll(monthlyCredits, noticed).toEqual([50, 100, 150, 200]);
  });

  it('refuses an unknown plan type with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reseller-plans?type=lifetime' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });

  it('shows the active "Planos …" supplier rows as server cards, with total and badge', async () => {
    const cards = await get<ServerCard[]>('/api/servers');
    expect(cards.map((card) => [card.product, card.server, card.total, card.badge])).toEqual([
      ['P2P', 'P2P Ativos', 104, 'Clientes Ativos'],
      ['P2P', 'P2P Pós', 180, 'Pós-pago'],
      ['UniTV', 'UniTV Mensal', 190, 'Mensalista'],
      ['UniTV', 'UniTV Principal', 450, 'Pré-pago'],
    ]);
  });

  it('never shows the supplier credentials or panel addresses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/servers' });
    for (const card of response.json<Record<string, unknown>[]>()) {
      expect(card).not.toHaveProperty('username');
      expect(card).not.toHaveProperty('panel');
      expect(card).not.toHaveProperty('clientPanel');
    }
    expect(response.body).not.toContain('revenda.unitv');
    expect(response.body).not.toContain('painel.');
  });

  it('hides a server that is switched off', async () => {
    await t.database.db.update(supplierPricing).set({ isActive: false }).where(eq(supplierPricing.server, 'P2P Pós'));
    await expect.poll(async () => (await get<ServerCard[]>('/api/servers')).map((card) => card.server), noticed).not.toContain('P2P Pós');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicResellerPlan, ServerCard } from '@vitrine/domain/resellers';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { expectInOrder, fixtures, unique, type Fixtures } from '../../../test/fixtures.ts';
import { resellerPlans, supplierPricing } from '../../db/schema.ts';

describe('reseller offers', () => {
  let t: TestApp;
  let make: Fixtures;
  beforeAll(async () => {
    t = await buildTestApp();
    make = fixtures(t.database.db);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('lists the active monthly and active-user plans of the asked type, by credits', async () => {
    const monthlyBig = await make.resellerPlan({ type: 'monthly', credits: 200, price: 300 });
    const monthlySmall = await make.resellerPlan({ type: 'monthly', credits: 50, price: 120 });
    const active = await make.resellerPlan({ type: 'active_users', credits: 10, price: 0, pricePerCredit: 6.5, minimumMonthly: 65 });
    const off = await make.resellerPlan({ type: 'monthly', credits: 100, isActive: false });

    const all = await get<PublicResellerPlan[]>('/api/reseller-plans');
    expect(all.map((plan) => plan.id)).toEqual(expect.arrayContaining([monthlyBig.id, monthlySmall.id, active.id]));
    expect(all.map((plan) => plan.id)).not.toContain(off.id);

    const monthly = await get<PublicResellerPlan[]>('/api/reseller-plans?type=monthly');
    expect(monthly.every((plan) => plan.type === 'monthly')).toBe(true);
    expectInOrder(
      monthly.map((plan) => plan.id),
      [monthlySmall.id, monthlyBig.id],
    );
    expect(monthly.find((plan) => plan.id === monthlySmall.id)).toMatchObject({ credits: 50, price: 120 });

    const activeUsers = await get<PublicResellerPlan[]>('/api/reseller-plans?type=active_users');
    expect(activeUsers.map((plan) => plan.id)).toEqual([active.id]);
    expect(activeUsers[0]).toMatchObject({ credits: 10, pricePerCredit: 6.5, minimumMonthly: 65 });
  });

  it('hides a reseller plan that is switched off', async () => {
    const plan = await make.resellerPlan({ type: 'monthly' });
    expect((await get<PublicResellerPlan[]>('/api/reseller-plans?type=monthly')).map((row) => row.id)).toContain(plan.id);
    await t.database.db.update(resellerPlans).set({ isActive: false }).where(eq(resellerPlans.id, plan.id));
    expect((await get<PublicResellerPlan[]>('/api/reseller-plans?type=monthly')).map((row) => row.id)).not.toContain(plan.id);
  });

  it('refuses an unknown plan type with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/reseller-plans?type=lifetime' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });

  it('shows the active "Planos …" supplier rows as server cards, with total and badge', async () => {
    const active = await make.supplierPricing({
      category: 'Planos P2P',
      server: unique('P2P Ativos'),
      qtdCreditos: 13,
      costPerCredit: 8,
      clientesAtivos: true,
    });
    const post = await make.supplierPricing({
      category: 'Planos P2P',
      server: unique('P2P Pós'),
      qtdCreditos: 20,
      costPerCredit: 9,
      posPago: true,
      mensalista: true,
    });
    const monthly = await make.supplierPricing({
      category: 'Planos UniTV',
      server: unique('UniTV Mensal'),
      qtdCreditos: 10,
      costPerCredit: 19,
      mensalista: true,
    });
    const plain = await make.supplierPricing({ category: 'Planos UniTV', server: unique('UniTV Padrão'), qtdCreditos: 7, costPerCredit: 1.45 });
    const notAPlan = await make.supplierPricing({ category: 'Outros', server: unique('Fora') });
    const off = await make.supplierPricing({ category: 'Planos P2P', server: unique('Desligado'), isActive: false });

    const cards = await get<ServerCard[]>('/api/servers');
    const ids = cards.map((card) => card.id);
    expect(ids).not.toContain(notAPlan.id);
    expect(ids).not.toContain(off.id);
    const byId = (id: string) => cards.find((card) => card.id === id)!;
    expect([active, post, monthly, plain].map((row) => [byId(row.id).product, byId(row.id).total, byId(row.id).badge])).toEqual([
      ['P2P', 104, 'Clientes Ativos'],
      ['P2P', 180, 'Pós-pago'],
      ['UniTV', 190, 'Mensalista'],
      ['UniTV', 10.15, 'Padrão'],
    ]);
  });

  it('never shows the supplier credentials or panel addresses', async () => {
    await make.supplierPricing({ username: 'usuario-secreto', panel: 'https://painel.revenda.example', clientPanel: 'https://cliente.revenda.example' });
    const response = await t.app.inject({ method: 'GET', url: '/api/servers' });
    for (const card of response.json<Record<string, unknown>[]>()) {
      expect(card).not.toHaveProperty('username');
      expect(card).not.toHaveProperty('panel');
      expect(card).not.toHaveProperty('clientPanel');
    }
    expect(response.body).not.toContain('usuario-secreto');
    expect(response.body).not.toContain('revenda.example');
  });

  it('hides a server that is switched off', async () => {
    const row = await make.supplierPricing();
    expect((await get<ServerCard[]>('/api/servers')).map((card) => card.id)).toContain(row.id);
    await t.database.db.update(supplierPricing).set({ isActive: false }).where(eq(supplierPricing.id, row.id));
    expect((await get<ServerCard[]>('/api/servers')).map((card) => card.id)).not.toContain(row.id);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { apps, plans, streamingApps } from '../../db/schema.ts';
import type { PublicApp, PublicPlan, PublicStreamingApp } from '@vitrine/domain/catalog';

describe('public catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    await t.database.db.insert(plans).values({ name: 'Antigo', priceMonthly: 10, active: false });
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('lists only active plans, with every period price, icon and feature icons', async () => {
    const list = await get<PublicPlan[]>('/api/plans');
    expect(list.map((plan) => plan.name)).not.toContain('Antigo');
    const basic = list.find((plan) => plan.name === 'Básico')!;
    expect(basic).toMatchObject({
      icon: 'Monitor',
      pricing: { monthly: 35, quarterly: 99.75, semiannual: 189, annual: 357 },
      isPopular: false,
      isSpecial: false,
    });
    expect(basic.features[0]).toEqual({ text: '+500 canais ao vivo', icon: 'Tv' });
    expect(list.find((plan) => plan.name === 'Family')).toMatchObject({ icon: 'Home', isSpecial: true });
    expect(list.find((plan) => plan.name === 'Premium')).toMatchObject({ icon: 'Crown', isPopular: true });
  });

  it('a plan without a stored icon gets the default from its name', async () => {
    const [row] = await t.database.db.insert(plans).values({ name: 'Premium Plus', priceMonthly: 60, icon: null }).returning();
    const list = await get<PublicPlan[]>('/api/plans');
    expect(list.find((plan) => plan.id === row!.id)?.icon).toBe('Crown');
    await t.database.db.delete(plans).where(eq(plans.id, row!.id));
  });

  it('lists only active apps, by name, with the store shape', async () => {
    const list = await get<PublicApp[]>('/api/apps');
    expect(list).toHaveLength(7);
    expect(list.map((app) => app.name)).not.toContain('Player Antigo');
    expect(list.map((app) => app.name)).toEqual([...list.map((app) => app.name)].sort((a, b) => a.localeCompare(b)));
    const player = list.find((app) => app.name === 'Vitrine Player')!;
    expect(player).toMatchObject({
      category: 'streaming',
      rating: { average: 4.8, total: 1240 },
      ratingBreakdown: [980, 180, 50, 20, 10],
      isPopular: true,
      price: 0,
      isFree: true,
      isFeatured: true,
      requirements: { minVersion: 'Android 7.0', ram: '2 GB', storage: '100 MB' },
      platforms: [{ name: 'Web', version: '3.2.1', sizeMb: 48.5, requiresCode: true }],
    });
    expect(player.shortDescription.length).toBeLessThanOrEqual(100);
    expect(new Date(player.lastUpdate).toString()).not.toBe('Invalid Date');
    expect(list.find((app) => app.name === 'Doc Mundo')?.isPopular).toBe(false);
  });

  it('an app without requirements leaves them out', async () => {
    const list = await get<PublicApp[]>('/api/apps');
    expect(list.find((app) => app.name === 'Kids Play')?.requirements).toEqual({});
  });

  it('lists the categories of active apps with Portuguese names', async () => {
    const categories = await get<{ id: string; name: string }[]>('/api/apps/categories');
    expect(categories).toEqual([
      { id: 'documentarios', name: 'Documentários' },
      { id: 'esportes', name: 'Esportes' },
      { id: 'infantil', name: 'Infantil' },
      { id: 'musica', name: 'Música' },
      { id: 'streaming', name: 'Streaming' },
      { id: 'utilitarios', name: 'Utilitários' },
    ]);
  });

  it('lists only active streaming apps, with client price 1.5 × reseller price', async () => {
    const list = await get<PublicStreamingApp[]>('/api/streaming-apps');
    expect(list).toHaveLength(6);
    expect(list.map((app) => app.name)).not.toContain('Canal Extinto');
    const unitv = list.find((app) => app.name === 'UniTV')!;
    expect(unitv).toMatchObject({
      category: 'filmes-series',
      categoryName: 'Filmes e Séries',
      resellerPrice: 20,
      clientPrice: 30,
      logo: '/demo/streaming/unitv.svg',
      requirements: { minVersion: 'Android 5.0', ram: '1 GB', storage: '50 MB', internetSpeed: '10 Mbps' },
      hasMonthlyLicense: true,
      hasAnnualLicense: true,
    });
    expect(list.find((app) => app.name === 'Planeta Docs')).toMatchObject({ resellerPrice: 9.9, clientPrice: 14.85 });
    // Absent requirements are omitted, not sent as null.
    expect(list.find((app) => app.name === 'Turminha')?.requirements).toEqual({ storage: '40 MB' });
  });

  it('filters streaming apps by category', async () => {
    const list = await get<PublicStreamingApp[]>('/api/streaming-apps?category=filmes-series');
    expect(list.map((app) => app.name)).toEqual(['P2P Cine', 'UniTV']);
    expect(await get('/api/streaming-apps?category=desconhecida')).toEqual([]);
  });

  it('refuses a malformed category with 400, not 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/streaming-apps?category=%27%3B%20drop' });
    expect(response.statusCode).toBe(400);
  });

  it('hides an app that is switched off', async () => {
    await t.database.db.update(streamingApps).set({ isActive: false }).where(eq(streamingApps.name, 'UniTV'));
    await t.database.db.update(apps).set({ isActive: false }).where(eq(apps.name, 'Kids Play'));
    expect((await get<PublicStreamingApp[]>('/api/streaming-apps')).map((app) => app.name)).not.toContain('UniTV');
    expect((await get<PublicApp[]>('/api/apps')).map((app) => app.name)).not.toContain('Kids Play');
    expect((await get<{ id: string }[]>('/api/apps/categories')).map((c) => c.id)).not.toContain('infantil');
    await t.database.db.update(streamingApps).set({ isActive: true }).where(eq(streamingApps.name, 'UniTV'));
    await t.database.db.update(apps).set({ isActive: true }).where(eq(apps.name, 'Kids Play'));
  });
});

describe('the order of the plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is decided by the server: cheapest monthly price first, equal prices by name', async () => {
    await t.database.db.insert(plans).values([
      { name: 'Zeta', priceMonthly: 20 },
      { name: 'Alfa', priceMonthly: 50 },
      { name: 'Beta', priceMonthly: 20 },
      { name: 'Gama', priceMonthly: 9.9 },
      { name: 'Aurora', priceMonthly: 1, active: false },
      { name: 'Delta', priceMonthly: 100, priceAnnual: 1 },
    ]);
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    // The annual price does not move Delta: the order is by the monthly price.
    expect(response.json<PublicPlan[]>().map((plan) => plan.name)).toEqual(['Gama', 'Beta', 'Zeta', 'Alfa', 'Delta']);
  });
});

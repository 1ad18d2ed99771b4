import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicApp, PublicPlan, PublicStreamingApp } from '@vitrine/domain/catalog';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fixtures, unique, type Fixtures } from '../../../test/fixtures.ts';
import { apps, plans, streamingApps } from '../../db/schema.ts';

describe('public catalogue', () => {
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

  it('lists only active plans, with every period price, icon and feature icons', async () => {
    const basic = await make.plan({ name: unique('Básico'), icon: 'Monitor', priceMonthly: 35, features: ['+500 canais ao vivo', 'Qualidade HD'] });
    const family = await make.plan({ name: unique('Family'), icon: 'Home', isSpecial: true });
    const popular = await make.plan({ name: unique('Premium'), isPopular: true, priceAnnual: 408 });
    const old = await make.plan({ name: unique('Antigo'), active: false });
    const list = await get<PublicPlan[]>('/api/plans');
    expect(list.map((plan) => plan.id)).not.toContain(old.id);
    const shown = list.find((plan) => plan.id === basic.id)!;
    expect(shown).toMatchObject({
      icon: 'Monitor',
      pricing: { monthly: 35, quarterly: 99.75, semiannual: 189, annual: 357 },
      isPopular: false,
      isSpecial: false,
    });
    expect(shown.features).toEqual([
      { text: '+500 canais ao vivo', icon: 'Tv' },
      { text: 'Qualidade HD', icon: 'Monitor' },
    ]);
    expect(list.find((plan) => plan.id === family.id)).toMatchObject({ icon: 'Home', isSpecial: true });
    expect(list.find((plan) => plan.id === popular.id)).toMatchObject({ icon: 'Crown', isPopular: true, pricing: { annual: 408 } });
  });

  it('a plan without a stored icon gets the default from its name', async () => {
    const row = await make.plan({ name: unique('Premium Plus'), priceMonthly: 60, icon: null });
    const list = await get<PublicPlan[]>('/api/plans');
    expect(list.find((plan) => plan.id === row.id)?.icon).toBe('Crown');
  });

  it('lists only active apps, by name, with the store shape', async () => {
    const player = await make.app({
      name: unique('Player'),
      category: 'streaming',
      version: '3.2.1',
      sizeMb: 48.5,
      rating: 4.8,
      ratingCount: 1240,
      ratingBreakdown: [980, 180, 50, 20, 10],
      downloads: 15000,
      isFeatured: true,
      minVersion: 'Android 7.0',
      ram: '2 GB',
      storage: '100 MB',
      description: 'Um player oficial '.repeat(20),
    });
    const quiet = await make.app({ name: unique('Documentários'), downloads: 999 });
    const old = await make.app({ name: unique('Player Antigo'), isActive: false });
    const list = await get<PublicApp[]>('/api/apps');
    const ids = list.map((app) => app.id);
    expect(ids).not.toContain(old.id);
    expect(list.map((app) => app.name)).toEqual([...list.map((app) => app.name)].sort((a, b) => a.localeCompare(b)));
    const shown = list.find((app) => app.id === player.id)!;
    expect(shown).toMatchObject({
      category: 'streaming',
      rating: { average: 4.8, total: 1240 },
      ratingBreakdown: [980, 180, 50, 20, 10],
      isPopular: true,
      price: 0,
      isFree: true,
      isFeatured: true,
      requirements: { minVersion: 'Android 7.0', ram: '2 GB', storage: '100 MB' },
      // No file of its own yet: the single web row every app shows.
      platforms: [{ id: 'web', name: 'Web', version: '3.2.1', sizeMb: 48.5, requiresCode: true, isDemo: false }],
    });
    expect(shown.shortDescription.length).toBeLessThanOrEqual(100);
    expect(new Date(shown.lastUpdate).toString()).not.toBe('Invalid Date');
    expect(list.find((app) => app.id === quiet.id)?.isPopular).toBe(false);
  });

  it('an app without requirements leaves them out', async () => {
    const bare = await make.app();
    const list = await get<PublicApp[]>('/api/apps');
    expect(list.find((app) => app.id === bare.id)?.requirements).toEqual({});
  });

  it('lists the categories of active apps with Portuguese names, once each, by name', async () => {
    await make.app({ category: 'musica' });
    await make.app({ category: 'musica' });
    await make.app({ category: 'documentarios' });
    await make.app({ category: 'jogos-antigos', isActive: false });
    const categories = await get<{ id: string; name: string }[]>('/api/apps/categories');
    expect(categories).toEqual(
      expect.arrayContaining([
        { id: 'documentarios', name: 'Documentários' },
        { id: 'musica', name: 'Música' },
      ]),
    );
    expect(categories.filter((category) => category.id === 'musica')).toHaveLength(1);
    expect(categories.map((category) => category.id)).not.toContain('jogos-antigos');
    expect(categories.map((category) => category.name)).toEqual([...categories.map((category) => category.name)].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });

  it('lists only active streaming apps, with client price 1.5 × reseller price', async () => {
    const unitv = await make.streamingApp({
      name: unique('UniTV'),
      category: 'filmes-series',
      price: 20,
      iconUrl: '/demo/streaming/unitv.svg',
      minVersion: 'Android 5.0',
      ram: '1 GB',
      storage: '50 MB',
      internetSpeed: '10 Mbps',
      hasMonthlyLicense: true,
      hasAnnualLicense: true,
    });
    const docs = await make.streamingApp({ category: 'documentarios', price: 9.9, storage: '40 MB' });
    const gone = await make.streamingApp({ isActive: false });
    const list = await get<PublicStreamingApp[]>('/api/streaming-apps');
    expect(list.map((app) => app.id)).not.toContain(gone.id);
    expect(list.find((app) => app.id === unitv.id)).toMatchObject({
      category: 'filmes-series',
      categoryName: 'Filmes e Séries',
      resellerPrice: 20,
      clientPrice: 30,
      logo: '/demo/streaming/unitv.svg',
      requirements: { minVersion: 'Android 5.0', ram: '1 GB', storage: '50 MB', internetSpeed: '10 Mbps' },
      hasMonthlyLicense: true,
      hasAnnualLicense: true,
    });
    // 9.90 × 1.5 = 14.85 exactly; absent requirements are omitted, not sent as null.
    expect(list.find((app) => app.id === docs.id)).toMatchObject({ resellerPrice: 9.9, clientPrice: 14.85, requirements: { storage: '40 MB' } });
  });

  it('filters streaming apps by category', async () => {
    const sport = await make.streamingApp({ category: 'esportes' });
    const film = await make.streamingApp({ category: 'filmes-series' });
    const list = await get<PublicStreamingApp[]>('/api/streaming-apps?category=esportes');
    expect(list.map((app) => app.id)).toContain(sport.id);
    expect(list.map((app) => app.id)).not.toContain(film.id);
    expect(list.every((app) => app.category === 'esportes')).toBe(true);
    expect(await get('/api/streaming-apps?category=desconhecida')).toEqual([]);
  });

  it('refuses a malformed category with 400, not 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/streaming-apps?category=%27%3B%20drop' });
    expect(response.statusCode).toBe(400);
  });

  it('hides an app that is switched off', async () => {
    const streaming = await make.streamingApp();
    const store = await make.app({ category: 'categoria-unica' });
    expect((await get<PublicApp[]>('/api/apps')).map((app) => app.id)).toContain(store.id);
    await t.database.db.update(streamingApps).set({ isActive: false }).where(eq(streamingApps.id, streaming.id));
    await t.database.db.update(apps).set({ isActive: false }).where(eq(apps.id, store.id));
    expect((await get<PublicStreamingApp[]>('/api/streaming-apps')).map((app) => app.id)).not.toContain(streaming.id);
    expect((await get<PublicApp[]>('/api/apps')).map((app) => app.id)).not.toContain(store.id);
    expect((await get<{ id: string }[]>('/api/apps/categories')).map((c) => c.id)).not.toContain('categoria-unica');
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

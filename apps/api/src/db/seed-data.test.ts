// What every shop starts with says nothing the site does not do, and writes money the Brazilian way.
import { describe, expect, it } from 'vitest';
import { sortApps, type SortableApp } from '@vitrine/domain/catalog-sort';
import { resellerPlanCreateSchema } from '@vitrine/domain/resellers-admin';
import { defaultSiteConfiguration, demoApps, demoResellerPlans, demoShortcuts } from './seed-data.ts';

const texts = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(texts)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(texts)
        : [];

describe('the texts a shop starts with', () => {
  it('write every amount as R$ 1.234,56', () => {
    const all = [
      ...demoResellerPlans.flatMap((plan) => [plan.description ?? '', ...(plan.features ?? [])]),
      ...defaultSiteConfiguration.flatMap((row) => texts(row.configValue)),
    ];
    const amounts = all.flatMap((text) => text.match(/R\$\s*[\d.,]+/g) ?? []);
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(amount).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
    expect(all.join('\n')).toContain('R$ 6,50 por cliente ativo');
  });

  it('advertise no free trial (none is offered) and link to no placeholder social profile', () => {
    const all = defaultSiteConfiguration.flatMap((row) => texts(row.configValue)).join('\n');
    expect(all).not.toMatch(/teste grátis|grátis por \d+ dias|\d+ dias grátis/i);
    expect(all).not.toMatch(/https:\/\/(facebook|instagram|twitter)\.com\/?(\s|$)/);
  });

  it('give every demo reseller plan what the plan form requires (a modalidade among them), so changing only its price is accepted', () => {
    for (const plan of demoResellerPlans)
      expect(resellerPlanCreateSchema.safeParse({ ...plan, price: plan.price! + 1 }).error?.issues, plan.name).toBeUndefined();
  });

  it('give the PIX shortcut no fixed amount: a PIX in the chat is for what the customer chose', () => {
    const pix = demoShortcuts.find((shortcut) => shortcut.type === 'pix');
    expect(pix?.pixData?.value ?? 0).toBe(0);
  });
});

describe('the demo apps', () => {
  // As the store lists them: the active ones, with their dates as the API sends them.
  const listed: SortableApp[] = demoApps
    .filter((app) => app.isActive !== false)
    .map((app, index) => ({
      id: `app-${index}`,
      name: app.name,
      isFeatured: app.isFeatured ?? false,
      downloads: app.downloads ?? 0,
      rating: { average: app.rating ?? 0, total: app.ratingCount ?? 0 },
      price: app.price ?? 0,
      createdAt: (app.createdAt ?? new Date()).toISOString(),
      lastUpdate: (app.updatedAt ?? new Date()).toISOString(),
    }));
  const names = (sort: Parameters<typeof sortApps>[1]) => sortApps(listed, sort).map((app) => app.name);

  it("have prices and dates of their own, so 'Mais recentes', 'Menor preço' and 'Maior preço' give three different orders", () => {
    expect(new Set(listed.map((app) => app.price)).size).toBe(listed.length);
    expect(new Set(listed.map((app) => app.createdAt)).size).toBe(listed.length);
    const orders = [names('newest'), names('price-low'), names('price-high')].map((order) => order.join(' > '));
    expect(new Set(orders).size).toBe(3);
    expect(names('newest')[0]).toBe('Cine Mobile');
    expect(names('price-low')[0]).toBe('TV Box Setup');
    expect(names('price-high')[0]).toBe('Esporte Total');
  });

  it('were updated after they were made', () => {
    for (const app of demoApps) expect(app.updatedAt!.getTime()).toBeGreaterThanOrEqual(app.createdAt!.getTime());
  });
});

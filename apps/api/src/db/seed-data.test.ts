// What every shop starts with says nothing the site does not do, and writes money the Brazilian way.
import { describe, expect, it } from 'vitest';
import { defaultSiteConfiguration, demoResellerPlans, demoShortcuts } from './seed-data.ts';

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

  it('give the PIX shortcut no fixed amount: a PIX in the chat is for what the customer chose', () => {
    const pix = demoShortcuts.find((shortcut) => shortcut.type === 'pix');
    expect(pix?.pixData?.value ?? 0).toBe(0);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCents } from '../money.ts';
import { consolidatedView, marginColor, marginWarnings, suggestedPriceCents } from './consolidated.ts';
import { MINIMUM_SELL_PRICES } from './minimum-prices.ts';
import { BILLING_PERIODS } from './periods.ts';
import type { ProviderPricing } from './tiers.ts';

describe('the suggested price', () => {
  it.each<[(typeof BILLING_PERIODS)[number], number, number]>([
    // 10 × 2.5 = 25.00, equal to the monthly minimum
    ['monthly', 10, 2500],
    // 8 × 2.5 = 20.00, below the minimum: the minimum wins
    ['monthly', 8, 2500],
    // 10.01 × 2.5 = 25.025 → 25.03 (half-up, once)
    ['monthly', 10.01, 2503],
    // 68 × 2.5 = 170.00 = the annual minimum; 68.002 × 2.5 = 170.005 → 170.01
    ['annual', 68, 17000],
    ['annual', 68.002, 17001],
    ['quarterly', 0, 7000],
    ['semiannual', 100, 25000],
  ])('of %s at a unit cost of %s is %s cents', (planType, unitCost, expected) => {
    expect(suggestedPriceCents(planType, unitCost)).toBe(expected);
  });

  it('is never below the minimum sell price nor below 2.5 times the unit cost', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BILLING_PERIODS),
        fc.integer({ min: 0, max: 10_000_000_000 }).map((tenThousandths) => tenThousandths / 10_000),
        (planType, unitCost) => {
          const suggested = suggestedPriceCents(planType, unitCost);
          expect(suggested).toBeGreaterThanOrEqual(toCents(MINIMUM_SELL_PRICES[planType]));
          expect(suggested).toBeGreaterThanOrEqual(toCents(unitCost * 2.5) - 1);
          expect(Number.isSafeInteger(suggested)).toBe(true);
        },
      ),
    );
  });
});

describe('the margin of an option', () => {
  it.each([
    [50.01, 'green'],
    [50, 'yellow'],
    [30.01, 'yellow'],
    [30, 'red'],
    [-5, 'red'],
  ])('of %s%% is %s', (margin, color) => {
    expect(marginColor(margin)).toBe(color);
  });

  it.each<[number, string[]]>([
    [19.99, ['Margem abaixo de 20%: o preço mal cobre o custo.']],
    [20, []],
    [60, []],
    [60.01, ['Margem acima de 60%: confira se o preço continua competitivo.']],
  ])('of %s%% warns %j', (margin, warnings) => {
    expect(marginWarnings(margin)).toEqual(warnings);
  });
});

describe('the consolidated view', () => {
  const providers: ProviderPricing[] = [
    {
      id: 'beta',
      name: 'Beta',
      isActive: true,
      tiers: [
        { planType: 'monthly', quantity: 100, unitCost: 12.5 },
        { planType: 'monthly', quantity: 50, unitCost: 6 },
      ],
    },
    {
      id: 'alfa',
      name: 'Alfa',
      isActive: true,
      tiers: [
        { planType: 'annual', quantity: 5, unitCost: 80 },
        { planType: 'monthly', quantity: 50, unitCost: 8 },
        { planType: 'monthly', quantity: 100, unitCost: 12.5 },
      ],
    },
    // Cheapest of all, but inactive: never an option.
    { id: 'gama', name: 'Gama', isActive: false, tiers: [{ planType: 'monthly', quantity: 50, unitCost: 1 }] },
  ];

  it('groups every active provider’s tier by plan type and quantity, best option first', () => {
    const view = consolidatedView(providers);
    expect(view.map((group) => [group.planType, group.quantity, group.options.map((option) => option.providerId), group.best.providerId])).toEqual([
      // Beta's 6.00 is below Alfa's 8.00.
      ['monthly', 50, ['beta', 'alfa'], 'beta'],
      // Same unit cost, so the same suggested price and margin: the name decides.
      ['monthly', 100, ['alfa', 'beta'], 'alfa'],
      ['annual', 5, ['alfa'], 'alfa'],
    ]);
  });

  it('prices each option: suggested price, margin, colour and warnings', () => {
    const [monthly50, monthly100, annual5] = consolidatedView(providers);
    // Beta at 6.00: suggested max(25.00, 15.00) = 25.00; margin (25 − 6) / 25 = 76% → green, over 60.
    expect(monthly50?.best).toEqual({
      providerId: 'beta',
      providerName: 'Beta',
      unitCostCents: 600,
      suggestedPriceCents: 2500,
      marginPercent: 76,
      marginColor: 'green',
      warnings: ['Margem acima de 60%: confira se o preço continua competitivo.'],
    });
    // 12.50 × 2.5 = 31.25 above the 25.00 minimum; margin (31.25 − 12.5) / 31.25 = 60% → green, no warning.
    expect(monthly100?.best).toMatchObject({ suggestedPriceCents: 3125, marginPercent: 60, marginColor: 'green', warnings: [] });
    // 80 × 2.5 = 200.00 above the 170.00 annual minimum; margin (200 − 80) / 200 = 60%.
    expect(annual5?.best).toMatchObject({ unitCostCents: 8000, suggestedPriceCents: 20000, marginPercent: 60 });
  });

  it('compares exact unit costs, even when they show the same to the cent', () => {
    const view = consolidatedView([
      { id: 'a', name: 'Alfa', isActive: true, tiers: [{ planType: 'quarterly', quantity: 50, unitCost: 2.1236 }] },
      { id: 'z', name: 'Zeta', isActive: true, tiers: [{ planType: 'quarterly', quantity: 50, unitCost: 2.1234 }] },
    ]);
    expect(view[0]?.options.map((option) => [option.providerName, option.unitCostCents])).toEqual([
      ['Zeta', 212],
      ['Alfa', 212],
    ]);
  });

  it('is empty without active providers', () => {
    expect(consolidatedView([])).toEqual([]);
    expect(consolidatedView([{ id: 'x', name: 'X', isActive: false, tiers: [{ planType: 'monthly', quantity: 1, unitCost: 1 }] }])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { providerCostTierSchema, providerPricingSchema, selectProviderTier, selectTier, type ProviderCostTier } from './tiers.ts';

// Deliberately out of order: selection does not rely on the order tiers are stored in.
const tiers: ProviderCostTier[] = [
  { planType: 'monthly', quantity: 500, unitCost: 8 },
  { planType: 'monthly', quantity: 50, unitCost: 13 },
  { planType: 'monthly', quantity: 100, unitCost: 16.5 },
  { planType: 'quarterly', quantity: 170, unitCost: 22 },
  { planType: 'annual', quantity: 5, unitCost: 117 },
];

describe('the cost tier of a plan type and quantity', () => {
  it.each<[ProviderCostTier['planType'], number, number | null]>([
    ['monthly', 1, null],
    ['monthly', 49, null],
    ['monthly', 50, 50],
    ['monthly', 51, 50],
    ['monthly', 99, 50],
    ['monthly', 100, 100],
    ['monthly', 101, 100],
    ['monthly', 499, 100],
    ['monthly', 500, 500],
    ['monthly', 501, 500],
    ['monthly', 1_000_000, 500],
    ['quarterly', 169, null],
    ['quarterly', 170, 170],
    ['quarterly', 3400, 170],
    ['annual', 4, null],
    ['annual', 5, 5],
    ['annual', 6, 5],
    // A plan type with no tier never has a result, whatever the quantity.
    ['semiannual', 10_000, null],
  ])('%s × %s uses the tier from %s', (planType, quantity, tierQuantity) => {
    const tier = selectProviderTier(tiers, planType, quantity);
    expect(tier?.quantity ?? null).toBe(tierQuantity);
    if (tier) expect(tier.planType).toBe(planType);
  });

  it('is none for a provider without tiers', () => {
    expect(selectTier([], 100)).toBeNull();
  });
});

describe('a provider cost tier', () => {
  it('accepts a unit cost with up to 4 decimals', () => {
    expect(providerCostTierSchema.parse({ planType: 'annual', quantity: 5, unitCost: 2.1234 })).toEqual({
      planType: 'annual',
      quantity: 5,
      unitCost: 2.1234,
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a negative unit cost', { unitCost: -1 }, 'Valores não podem ser negativos'],
    ['a unit cost finer than 4 decimals', { unitCost: 2.12345 }, 'Use no máximo 4 casas decimais no custo unitário'],
    ['a quantity of 0', { quantity: 0 }, 'A quantidade deve ser de pelo menos 1'],
    ['an unknown plan type', { planType: 'daily' }, 'Selecione o tipo de plano'],
  ])('refuses %s', (_name, change, message) => {
    const parsed = providerCostTierSchema.safeParse({ planType: 'monthly', quantity: 50, unitCost: 13, ...change });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('is unique per plan type and quantity within a provider', () => {
    const parsed = providerPricingSchema.safeParse({
      id: 'p1',
      name: 'Provedor',
      isActive: true,
      tiers: [
        { planType: 'monthly', quantity: 50, unitCost: 13 },
        { planType: 'annual', quantity: 50, unitCost: 105 },
        { planType: 'monthly', quantity: 50, unitCost: 12 },
      ],
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['tiers.2.quantity', 'Já existe uma faixa com essa quantidade para este tipo de plano'],
    ]);
  });
});

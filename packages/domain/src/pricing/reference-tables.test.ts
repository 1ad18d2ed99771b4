import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISCOUNT_OPTIONS, discountOptionText, discountPercentSchema } from './discounts.ts';
import { isBelowMinimumSellPrice, minimumSellPriceWarning } from './minimum-prices.ts';
import { BILLING_PERIODS } from './periods.ts';
import { referencePriceFor, referencePriceTable, referencePriceTables } from './reference-tables.ts';

const prices = (rows: { quantity: number; priceCents: number }[]) => rows.map(({ quantity, priceCents }) => [quantity, priceCents]);

describe('the reference price tables', () => {
  it('list the specification’s unit prices by quantity tier when there is no global discount', () => {
    expect(Object.fromEntries(Object.entries(referencePriceTables(0)).map(([planType, rows]) => [planType, prices(rows)]))).toEqual({
      monthly: [
        [50, 1300],
        [100, 1650],
        [500, 800],
        [1000, 800],
      ],
      quarterly: [
        [50, 2800],
        [170, 2200],
        [3400, 1750],
      ],
      semiannual: [
        [50, 3100],
        [330, 2200],
        [3400, 1550],
      ],
      annual: [
        [5, 11700],
        [50, 10500],
        [500, 4600],
      ],
    });
  });

  it.each<[number, (typeof BILLING_PERIODS)[number], number[]]>([
    // 13 × 0.9 = 11.70; 16.5 × 0.9 = 14.85; 8 × 0.9 = 7.20
    [10, 'monthly', [1170, 1485, 720, 720]],
    // 13 × 0.975 = 12.675 → 12.68 (half-up); 16.5 × 0.975 = 16.0875 → 16.09; 8 × 0.975 = 7.80
    [2.5, 'monthly', [1268, 1609, 780, 780]],
    // 28 × 0.975 = 27.30; 22 × 0.975 = 21.45; 17.5 × 0.975 = 17.0625 → 17.06
    [2.5, 'quarterly', [2730, 2145, 1706]],
    // 117 × 0.877 = 102.609 → 102.61; 105 × 0.877 = 92.085 → 92.09; 46 × 0.877 = 40.342 → 40.34
    [12.3, 'annual', [10261, 9209, 4034]],
    [100, 'semiannual', [0, 0, 0]],
  ])('apply a global discount of %s%% to the %s table, rounded once', (discount, planType, expected) => {
    const rows = referencePriceTable(planType, discount);
    expect(rows.map((row) => row.priceCents)).toEqual(expected);
    expect(rows.map((row) => row.basePriceCents)).toEqual(referencePriceTable(planType, 0).map((row) => row.priceCents));
  });

  it('apply the same global discount to every table', () => {
    const tables = referencePriceTables(15);
    for (const planType of BILLING_PERIODS) expect(tables[planType]).toEqual(referencePriceTable(planType, 15));
  });

  it.each<[(typeof BILLING_PERIODS)[number], number, number | null]>([
    ['annual', 4, null],
    ['annual', 5, 11700],
    ['annual', 49, 11700],
    ['annual', 50, 10500],
    ['monthly', 99, 1300],
    ['monthly', 100, 1650],
    ['quarterly', 5000, 1750],
  ])('price %s × %s at R$ %s cents', (planType, quantity, priceCents) => {
    expect(referencePriceFor(planType, quantity, 0)?.priceCents ?? null).toBe(priceCents);
  });
});

describe('the global discount', () => {
  it.each([0, 0.1, 2.5, 12.3, 99.9, 100])('accepts %s', (value) => {
    expect(discountPercentSchema.safeParse(value).success).toBe(true);
  });

  it.each<[unknown, string]>([
    [12.34, 'O desconto deve variar de 0,1 em 0,1'],
    [0.1 + 0.2, 'O desconto deve variar de 0,1 em 0,1'],
    [-0.1, 'O desconto deve estar entre 0 e 100%'],
    [100.1, 'O desconto deve estar entre 0 e 100%'],
    [Number.NaN, 'Informe o desconto'],
    [Number.POSITIVE_INFINITY, 'Informe o desconto'],
    ['5', 'Informe o desconto'],
  ])('refuses %s', (value, message) => {
    expect(discountPercentSchema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('accepts every tenth from 0 to 100 and nothing between them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 9 }), (tenths, hundredths) => {
        expect(discountPercentSchema.safeParse(tenths / 10).success).toBe(true);
        if (tenths < 1000) expect(discountPercentSchema.safeParse((tenths * 10 + hundredths) / 100).success).toBe(false);
      }),
    );
  });
});

describe('the discount options', () => {
  it('are the six of the calculator, each a valid discount', () => {
    expect(DISCOUNT_OPTIONS.map(discountOptionText)).toEqual(['Nenhum (0%)', 'Básico (5%)', 'Padrão (10%)', 'Alto (15%)', 'Premium (20%)', 'Máximo (25%)']);
    for (const option of DISCOUNT_OPTIONS) expect(discountPercentSchema.parse(option.percentage)).toBe(option.percentage);
  });
});

describe('the minimum sell price', () => {
  it.each<[(typeof BILLING_PERIODS)[number], number, string | null]>([
    ['monthly', 24.99, 'Preço abaixo do mínimo de R$ 25,00 para o plano Mensal. Revendedores que vendem abaixo do preço mínimo podem ser banidos.'],
    ['monthly', 25, null],
    ['quarterly', 69.99, 'Preço abaixo do mínimo de R$ 70,00 para o plano Trimestral. Revendedores que vendem abaixo do preço mínimo podem ser banidos.'],
    ['quarterly', 70, null],
    ['semiannual', 119.99, 'Preço abaixo do mínimo de R$ 120,00 para o plano Semestral. Revendedores que vendem abaixo do preço mínimo podem ser banidos.'],
    ['semiannual', 120, null],
    ['annual', 169.99, 'Preço abaixo do mínimo de R$ 170,00 para o plano Anual. Revendedores que vendem abaixo do preço mínimo podem ser banidos.'],
    ['annual', 170, null],
    ['annual', 170.01, null],
  ])('%s at R$ %s', (planType, price, warning) => {
    expect(minimumSellPriceWarning(planType, price)).toBe(warning);
    expect(isBelowMinimumSellPrice(planType, price)).toBe(warning !== null);
  });
});

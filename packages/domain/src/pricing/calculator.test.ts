import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculatePricing,
  calculatorInputSchema,
  calculatorSearchParams,
  pricingMetrics,
  readCalculatorSearchParams,
  type CalculatorInput,
  type PricingMetrics,
  type PricingMetricsInput,
} from './calculator.ts';
import { BILLING_PERIODS } from './periods.ts';
import type { ProviderCostTier } from './tiers.ts';

const PROVIDER_ID = '5d0c6a53-3f0e-4a43-9d5c-1f3b1b6a2e10';

describe('the metrics of a calculation, worked by hand', () => {
  it.each<[string, PricingMetricsInput, PricingMetrics]>([
    [
      // unit cost 13.00; revenue 30 × 50 = 1,500.00; cost 13 × 50 = 650.00; gross profit 850.00;
      // margin 850 / 1500 = 56.666…% → 56.67; markup 850 / 650 = 130.769…% → 130.77;
      // EBITDA 850.00; ROI 850 / 650 → 130.77; unit profit 30 − 13 = 17.00; break-even ceil(650 / 17 = 38.2) = 39.
      'a plain sale',
      { tierUnitCost: 13, quantity: 50, sellPrice: 30 },
      {
        unitCostCents: 1300,
        revenueCents: 150000,
        costCents: 65000,
        grossProfitCents: 85000,
        grossMarginPercent: 56.67,
        markupPercent: 130.77,
        fixedCostsCents: 0,
        ebitdaCents: 85000,
        roiPercent: 130.77,
        unitProfitCents: 1700,
        breakEvenUnits: 39,
      },
    ],
    [
      // unit cost 13 × 0.975 = 12.675 exactly → 12.68, the unit cost shown and multiplied: cost 12.68 × 100
      // = 1,268.00; revenue 25 × 100 = 2,500.00; gross profit 1,232.00; margin 1232 / 2500 = 49.28%;
      // markup 1232 / 1268 = 97.160…% → 97.16; EBITDA 1232 − 500 = 732.00; ROI 732 / (1268 + 500) = 41.402…% → 41.4;
      // unit profit 25 − 12.68 = 12.32; break-even ceil(1268 / 12.32 = 102.9) = 103.
      'a discount that leaves half a cent, and fixed costs',
      { tierUnitCost: 13, quantity: 100, sellPrice: 25, discount: 2.5, fixedCosts: 500 },
      {
        unitCostCents: 1268,
        revenueCents: 250000,
        costCents: 126800,
        grossProfitCents: 123200,
        grossMarginPercent: 49.28,
        markupPercent: 97.16,
        fixedCostsCents: 50000,
        ebitdaCents: 73200,
        roiPercent: 41.4,
        unitProfitCents: 1232,
        breakEvenUnits: 103,
      },
    ],
    [
      // Same sale as the first with R$ 1,000 of fixed costs: EBITDA 850 − 1000 = −150.00;
      // ROI −150 / (650 + 1000) = −9.0909…% → −9.09; the rest is unchanged.
      'fixed costs larger than the gross profit',
      { tierUnitCost: 13, quantity: 50, sellPrice: 30, fixedCosts: 1000 },
      {
        unitCostCents: 1300,
        revenueCents: 150000,
        costCents: 65000,
        grossProfitCents: 85000,
        grossMarginPercent: 56.67,
        markupPercent: 130.77,
        fixedCostsCents: 100000,
        ebitdaCents: -15000,
        roiPercent: -9.09,
        unitProfitCents: 1700,
        breakEvenUnits: 39,
      },
    ],
    [
      // Revenue 0 × 5 = 0: margin is 0 by rule; cost 10 × 5 = 50.00; gross profit −50.00;
      // markup −50 / 50 = −100%; ROI −50 / 50 = −100%; unit profit 0 − 10 = −10.00 → no break-even.
      'zero revenue',
      { tierUnitCost: 10, quantity: 5, sellPrice: 0 },
      {
        unitCostCents: 1000,
        revenueCents: 0,
        costCents: 5000,
        grossProfitCents: -5000,
        grossMarginPercent: 0,
        markupPercent: -100,
        fixedCostsCents: 0,
        ebitdaCents: -5000,
        roiPercent: -100,
        unitProfitCents: -1000,
        breakEvenUnits: null,
      },
    ],
    [
      // A 100 % discount: unit cost 10 × 0 = 0; cost 0, so markup is 0 by rule and ROI's denominator
      // (0 + 0) is 0, so ROI is 0; revenue 25 × 10 = 250.00 = gross profit; margin 100%;
      // break-even ceil(0 / 25) = 0.
      'zero cost',
      { tierUnitCost: 10, quantity: 10, sellPrice: 25, discount: 100 },
      {
        unitCostCents: 0,
        revenueCents: 25000,
        costCents: 0,
        grossProfitCents: 25000,
        grossMarginPercent: 100,
        markupPercent: 0,
        fixedCostsCents: 0,
        ebitdaCents: 25000,
        roiPercent: 0,
        unitProfitCents: 2500,
        breakEvenUnits: 0,
      },
    ],
    [
      // Zero cost with R$ 100 of fixed costs: EBITDA 250 − 100 = 150.00; ROI 150 / (0 + 100) = 150%.
      'zero cost and fixed costs',
      { tierUnitCost: 10, quantity: 10, sellPrice: 25, discount: 100, fixedCosts: 100 },
      {
        unitCostCents: 0,
        revenueCents: 25000,
        costCents: 0,
        grossProfitCents: 25000,
        grossMarginPercent: 100,
        markupPercent: 0,
        fixedCostsCents: 10000,
        ebitdaCents: 15000,
        roiPercent: 150,
        unitProfitCents: 2500,
        breakEvenUnits: 0,
      },
    ],
    [
      // Selling below cost: revenue 25 × 10 = 250.00; cost 30 × 10 = 300.00; gross profit −50.00;
      // margin −50 / 250 = −20%; markup −50 / 300 = −16.666…% → −16.67 (half-up away from zero);
      // ROI the same; unit profit 25 − 30 = −5.00 → no break-even.
      'a negative unit profit',
      { tierUnitCost: 30, quantity: 10, sellPrice: 25 },
      {
        unitCostCents: 3000,
        revenueCents: 25000,
        costCents: 30000,
        grossProfitCents: -5000,
        grossMarginPercent: -20,
        markupPercent: -16.67,
        fixedCostsCents: 0,
        ebitdaCents: -5000,
        roiPercent: -16.67,
        unitProfitCents: -500,
        breakEvenUnits: null,
      },
    ],
    [
      // Selling at cost: unit profit 30 − 30 = 0 → no break-even; every percentage 0 / x = 0.
      'a unit profit of zero',
      { tierUnitCost: 30, quantity: 10, sellPrice: 30 },
      {
        unitCostCents: 3000,
        revenueCents: 30000,
        costCents: 30000,
        grossProfitCents: 0,
        grossMarginPercent: 0,
        markupPercent: 0,
        fixedCostsCents: 0,
        ebitdaCents: 0,
        roiPercent: 0,
        unitProfitCents: 0,
        breakEvenUnits: null,
      },
    ],
    [
      // A unit cost with 4 decimals: shown and multiplied as 2.12, so the page adds up: cost 2.12 × 1000 = 2,120.00;
      // revenue 5 × 1000 = 5,000.00; gross profit 2,880.00; margin 2880 / 5000 = 57.6%;
      // markup 2880 / 2120 = 135.849…% → 135.85; unit profit 5 − 2.12 = 2.88; break-even ceil(2120 / 2.88 = 736.1) = 737.
      'a unit cost finer than a cent',
      { tierUnitCost: 2.1234, quantity: 1000, sellPrice: 5 },
      {
        unitCostCents: 212,
        revenueCents: 500000,
        costCents: 212000,
        grossProfitCents: 288000,
        grossMarginPercent: 57.6,
        markupPercent: 135.85,
        fixedCostsCents: 0,
        ebitdaCents: 288000,
        roiPercent: 135.85,
        unitProfitCents: 288,
        breakEvenUnits: 737,
      },
    ],
    [
      // A unit cost of 17.531 shown and multiplied as 17.53: cost 1,753.00; gross profit 247.00;
      // margin 247 / 2000 = 12.35%; markup 247 / 1753 = 14.090…% → 14.09; unit profit 20 − 17.53 = 2.47;
      // break-even ceil(1753 / 2.47 = 709.7) = 710.
      'a unit cost with a tenth of a cent, multiplied as shown',
      { tierUnitCost: 17.531, quantity: 100, sellPrice: 20 },
      {
        unitCostCents: 1753,
        revenueCents: 200000,
        costCents: 175300,
        grossProfitCents: 24700,
        grossMarginPercent: 12.35,
        markupPercent: 14.09,
        fixedCostsCents: 0,
        ebitdaCents: 24700,
        roiPercent: 14.09,
        unitProfitCents: 247,
        breakEvenUnits: 710,
      },
    ],
  ])('%s', (_name, input, expected) => {
    expect(pricingMetrics(input)).toEqual(expected);
  });
});

// Tier unit costs with up to 4 decimals, discounts in steps of 0.1, prices and fixed costs in cents.
const metricsInput = fc.record({
  tierUnitCost: fc.integer({ min: 0, max: 100_000_000 }).map((tenThousandths) => tenThousandths / 10_000),
  discount: fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 10),
  quantity: fc.integer({ min: 1, max: 100_000 }),
  sellPrice: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
  fixedCosts: fc.integer({ min: 0, max: 1_000_000_000 }).map((cents) => cents / 100),
});

describe('any calculation', () => {
  it('adds up to the cent: gross profit = revenue − cost, EBITDA = gross profit − fixed costs, unit profit = price − unit cost', () => {
    fc.assert(
      fc.property(metricsInput, (input) => {
        const metrics = pricingMetrics(input);
        expect(metrics.revenueCents).toBe(Math.round(input.sellPrice * 100) * input.quantity);
        expect(metrics.grossProfitCents).toBe(metrics.revenueCents - metrics.costCents);
        expect(metrics.ebitdaCents).toBe(metrics.grossProfitCents - metrics.fixedCostsCents);
        expect(metrics.unitProfitCents).toBe(Math.round(input.sellPrice * 100) - metrics.unitCostCents);
        for (const cents of [metrics.revenueCents, metrics.costCents, metrics.grossProfitCents, metrics.ebitdaCents]) {
          expect(Number.isSafeInteger(cents)).toBe(true);
        }
      }),
    );
  });

  it('adds up to the cent: the cost is the unit cost shown (the exact one rounded half-up to cents) times the quantity', () => {
    fc.assert(
      fc.property(metricsInput, (input) => {
        const { unitCostCents, costCents } = pricingMetrics(input);
        const exactUnitCents = new Big(input.tierUnitCost).times(100 - input.discount); // ÷ 100 × 100
        expect(exactUnitCents.minus(unitCostCents).abs().lte(0.5)).toBe(true);
        expect(costCents).toBe(unitCostCents * input.quantity);
      }),
    );
  });

  it('40 × R$ 120,04 is R$ 4.801,60, whatever decimals the tier cost carries', () => {
    const metrics = pricingMetrics({ tierUnitCost: 120.042, quantity: 40, sellPrice: 150 });
    expect(metrics.unitCostCents).toBe(12004);
    expect(metrics.costCents).toBe(480160);
  });

  it('sells just enough at break-even: break-even × unit profit covers the cost, one unit fewer does not', () => {
    fc.assert(
      fc.property(metricsInput, (input) => {
        const { breakEvenUnits, unitProfitCents, costCents } = pricingMetrics(input);
        if (unitProfitCents <= 0) {
          expect(breakEvenUnits).toBeNull();
          return;
        }
        expect(breakEvenUnits).not.toBeNull();
        expect(breakEvenUnits! * unitProfitCents).toBeGreaterThanOrEqual(costCents);
        expect((breakEvenUnits! - 1) * unitProfitCents).toBeLessThan(costCents);
      }),
    );
  });

  it('has a margin of the sign of its gross profit, never above 100 %', () => {
    fc.assert(
      fc.property(metricsInput, (input) => {
        const { grossMarginPercent, grossProfitCents, revenueCents } = pricingMetrics(input);
        expect(grossMarginPercent).toBeLessThanOrEqual(100);
        if (revenueCents === 0) expect(grossMarginPercent).toBe(0);
        else if (grossProfitCents > 0) expect(grossMarginPercent).toBeGreaterThanOrEqual(0);
        else expect(grossMarginPercent).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe('a calculation on a provider', () => {
  const tiers: ProviderCostTier[] = [
    { planType: 'monthly', quantity: 50, unitCost: 13 },
    { planType: 'monthly', quantity: 100, unitCost: 11 },
    { planType: 'annual', quantity: 5, unitCost: 117 },
  ];
  const input = (values: Partial<CalculatorInput>): CalculatorInput =>
    calculatorInputSchema.parse({ providerId: PROVIDER_ID, planType: 'monthly', quantity: 60, sellPrice: 30, ...values });

  it('uses the tier with the largest quantity not above the requested one, and scores it', () => {
    // 60 units use the 50 tier (13.00): revenue 1,800.00, cost 780.00, gross profit 1,020.00;
    // margin 56.67 (25 points), markup and ROI 130.77 (25 + 25), EBITDA > 0 (25) → 100, green.
    const result = calculatePricing(input({}), tiers);
    expect(result).toEqual({
      tier: { planType: 'monthly', quantity: 50, unitCost: 13 },
      metrics: expect.objectContaining({ revenueCents: 180000, costCents: 78000, grossProfitCents: 102000, grossMarginPercent: 56.67 }),
      health: { score: 100, color: 'green' },
      insights: [
        { kind: 'positive', text: 'Margem bruta acima de 50%: excelente rentabilidade.' },
        { kind: 'positive', text: 'ROI acima de 100%: o resultado supera o valor investido.' },
      ],
      warnings: [],
    });
  });

  it('gives no result when no tier of the plan type starts at or below the quantity', () => {
    expect(calculatePricing(input({ quantity: 49 }), tiers)).toBeNull();
    expect(calculatePricing(input({ planType: 'quarterly', quantity: 500 }), tiers)).toBeNull();
    expect(calculatePricing(input({}), [])).toBeNull();
  });

  it('warns when the sell price is below the plan type’s minimum', () => {
    // 5 annual units at 160.00 against a 117.00 cost: below the R$ 170,00 annual minimum.
    const result = calculatePricing(input({ planType: 'annual', quantity: 5, sellPrice: 160 }), tiers);
    expect(result?.warnings).toEqual([
      'Preço abaixo do mínimo de R$ 170,00 para o plano Anual. Revendedores que vendem abaixo do preço mínimo podem ser banidos.',
    ]);
    expect(calculatePricing(input({ planType: 'annual', quantity: 5, sellPrice: 170 }), tiers)?.warnings).toEqual([]);
  });

  it('flags a thin margin as a warning and scores it low', () => {
    // 100 units at the 100 tier (11.00) sold at 12.00: margin 100 / 1200 = 8.33% (0), markup 100 / 1100 = 9.09% (0),
    // ROI 9.09% (0), EBITDA 100.00 > 0 (25) → 25, red; and the price is below the R$ 25,00 monthly minimum.
    const result = calculatePricing(input({ quantity: 100, sellPrice: 12 }), tiers);
    expect(result?.metrics).toMatchObject({ grossMarginPercent: 8.33, markupPercent: 9.09, roiPercent: 9.09, ebitdaCents: 10000 });
    expect(result?.health).toEqual({ score: 25, color: 'red' });
    expect(result?.insights).toEqual([{ kind: 'warning', text: 'Margem bruta abaixo de 20%: revise o preço de venda ou negocie um custo menor.' }]);
    expect(result?.warnings).toHaveLength(1);
  });
});

describe('the calculator’s inputs', () => {
  const valid = { providerId: PROVIDER_ID, planType: 'monthly', quantity: 50, sellPrice: 29.9 };

  it('default the discount and the fixed costs to 0', () => {
    expect(calculatorInputSchema.parse(valid)).toEqual({ ...valid, discount: 0, fixedCosts: 0 });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no provider', { providerId: undefined }, 'providerId', 'Selecione um provedor'],
    ['a provider id that is not one', { providerId: "1' or '1'='1" }, 'providerId', 'Selecione um provedor'],
    ['an unknown plan type', { planType: 'weekly' }, 'planType', 'Selecione o tipo de plano'],
    ['no quantity', { quantity: undefined }, 'quantity', 'Informe a quantidade'],
    ['a quantity of 0', { quantity: 0 }, 'quantity', 'A quantidade deve ser de pelo menos 1'],
    ['a fractional quantity', { quantity: 1.5 }, 'quantity', 'A quantidade deve ser um número inteiro'],
    ['a huge quantity', { quantity: 1_000_001 }, 'quantity', 'A quantidade deve ser de no máximo 1.000.000'],
    ['no sell price', { sellPrice: undefined }, 'sellPrice', 'Informe o preço de venda'],
    ['a sell price of 0', { sellPrice: 0 }, 'sellPrice', 'O preço de venda deve ser maior que zero'],
    ['a negative sell price', { sellPrice: -10 }, 'sellPrice', 'O preço de venda deve ser maior que zero'],
    ['a sell price finer than a cent', { sellPrice: 10.001 }, 'sellPrice', 'Use no máximo 2 casas decimais'],
    ['a sell price as text', { sellPrice: '29.90' }, 'sellPrice', 'Informe o preço de venda'],
    ['a discount over 100', { discount: 100.1 }, 'discount', 'O desconto deve estar entre 0 e 100%'],
    ['a negative discount', { discount: -5 }, 'discount', 'O desconto deve estar entre 0 e 100%'],
    ['a discount off the 0.1 step', { discount: 12.34 }, 'discount', 'O desconto deve variar de 0,1 em 0,1'],
    ['negative fixed costs', { fixedCosts: -1 }, 'fixedCosts', 'Valores não podem ser negativos'],
    ['fixed costs finer than a cent', { fixedCosts: 0.001 }, 'fixedCosts', 'Use no máximo 2 casas decimais'],
  ])('refuse %s', (_name, change, path, message) => {
    const parsed = calculatorInputSchema.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[path, message]]);
  });
});

describe('a calculation shared by its link', () => {
  const input: CalculatorInput = {
    providerId: PROVIDER_ID,
    planType: 'annual',
    quantity: 50,
    sellPrice: 189.9,
    discount: 12.5,
    fixedCosts: 300,
  };

  it('carries every input in Portuguese parameters and reads them back', () => {
    const params = calculatorSearchParams(input);
    expect(params).toEqual({
      provedor: PROVIDER_ID,
      plano: 'anual',
      quantidade: '50',
      preco: '189.9',
      desconto: '12.5',
      'custos-fixos': '300',
    });
    expect(readCalculatorSearchParams(params)).toEqual(input);
  });

  it('keeps the valid inputs of a partial or tampered link and drops the rest', () => {
    expect(readCalculatorSearchParams({ plano: 'mensal', quantidade: '0', preco: '29,90', desconto: '1e2', provedor: 'x' })).toEqual({
      planType: 'monthly',
      sellPrice: 29.9,
    });
    expect(readCalculatorSearchParams({ plano: 'monthly', quantidade: ' 12 ', preco: 'Infinity', 'custos-fixos': '-5' })).toEqual({
      quantity: 12,
    });
    expect(readCalculatorSearchParams({})).toEqual({});
  });

  it('reads back any valid calculation exactly', () => {
    const anyInput = fc.record({
      providerId: fc.uuid(),
      planType: fc.constantFrom(...BILLING_PERIODS),
      quantity: fc.integer({ min: 1, max: 1_000_000 }),
      sellPrice: fc.integer({ min: 1, max: 100_000_000 }).map((cents) => cents / 100),
      discount: fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 10),
      fixedCosts: fc.integer({ min: 0, max: 100_000_000_000 }).map((cents) => cents / 100),
    });
    fc.assert(
      fc.property(anyInput, (values) => {
        const valid = calculatorInputSchema.parse(values);
        expect(calculatorInputSchema.parse(readCalculatorSearchParams(calculatorSearchParams(valid)))).toEqual(valid);
      }),
    );
  });
});

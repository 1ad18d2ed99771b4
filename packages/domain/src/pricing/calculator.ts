// The pricing calculator ('Calculadora'): the metrics of selling a quantity of a provider's plan
// type at a unit sell price, its health score and insights, and its inputs as a shareable link.
//
// Rounding: the tier unit cost less the discount is kept exact. The unit cost and the cost
// (exact unit cost × quantity) are each rounded half-up once to cents. Every other amount is exact
// integer arithmetic on the cents shown (revenue − cost = gross profit to the cent), and every
// percentage is the exact ratio of amounts shown, rounded half-up once to 2 decimals.
import '../zod-locale.ts';
import Big from 'big.js';
import { z } from 'zod';
import { formatBRL, toCents } from '../money.ts';
import { applyDiscount, hasAtMostDecimals, percentOf } from './decimals.ts';
import { discountPercentSchema } from './discounts.ts';
import { HEALTH_COLORS, healthColor, healthScore, insightSchema, pricingInsights } from './health.ts';
import { minimumSellPriceWarning } from './minimum-prices.ts';
import { PERIOD_SLUGS } from './periods.ts';
import { MAX_UNIT_AMOUNT, planTypeSchema, providerCostTierSchema, quantitySchema, selectProviderTier, type ProviderCostTier } from './tiers.ts';

/** Fixed costs are bounded so that EBITDA in cents stays an exact integer. */
export const MAX_FIXED_COSTS = 1_000_000_000;

const CENTS_MESSAGE = 'Use no máximo 2 casas decimais';

export const calculatorInputSchema = z.object({
  providerId: z.guid({ error: 'Selecione um provedor' }),
  planType: planTypeSchema,
  quantity: quantitySchema,
  sellPrice: z
    .number({ error: 'Informe o preço de venda' })
    .positive('O preço de venda deve ser maior que zero')
    .max(MAX_UNIT_AMOUNT, `O preço de venda deve ser de no máximo ${formatBRL(MAX_UNIT_AMOUNT)}`)
    .refine((value) => hasAtMostDecimals(value, 2), CENTS_MESSAGE),
  discount: discountPercentSchema.default(0),
  fixedCosts: z
    .number({ error: 'Informe os custos fixos' })
    .min(0, 'Valores não podem ser negativos')
    .max(MAX_FIXED_COSTS, `Os custos fixos devem ser de no máximo ${formatBRL(MAX_FIXED_COSTS)}`)
    .refine((value) => hasAtMostDecimals(value, 2), CENTS_MESSAGE)
    .default(0),
});
/** A validated calculation: discount and fixed costs default to 0. */
export type CalculatorInput = z.output<typeof calculatorInputSchema>;
/** What a form or a request sends (discount and fixed costs may be left out). */
export type CalculatorInputValues = z.input<typeof calculatorInputSchema>;

// ---------------------------------------------------------------- metrics

export const pricingMetricsSchema = z.object({
  /** Tier unit cost × (1 − discount / 100), rounded to cents. */
  unitCostCents: z.number().int(),
  /** Sell price × quantity. */
  revenueCents: z.number().int(),
  /**
   * Unit cost × quantity, with the unit cost as shown (rounded to cents first), so the page adds up to
   * the cent: 40 × R$ 120,04 is R$ 4.801,60, never the R$ 4.801,68 of the unrounded 120,042.
   */
  costCents: z.number().int(),
  /** Revenue − cost. */
  grossProfitCents: z.number().int(),
  /** Gross profit / revenue × 100; 0 when revenue is 0. */
  grossMarginPercent: z.number(),
  /** Gross profit / cost × 100; 0 when cost is 0. */
  markupPercent: z.number(),
  fixedCostsCents: z.number().int(),
  /** Gross profit − fixed costs. */
  ebitdaCents: z.number().int(),
  /** EBITDA / (cost + fixed costs) × 100; 0 when that sum is 0. */
  roiPercent: z.number(),
  /** Sell price − unit cost. */
  unitProfitCents: z.number().int(),
  /** ceil(cost / unit profit) units; null ('—') when unit profit is not above 0. */
  breakEvenUnits: z.number().int().nullable(),
});
export type PricingMetrics = z.infer<typeof pricingMetricsSchema>;

export interface PricingMetricsInput {
  /** The tier's unit cost in reais, before the discount. */
  tierUnitCost: number;
  quantity: number;
  /** Unit sell price in reais. */
  sellPrice: number;
  /** Discount on the tier unit cost, in percent. */
  discount?: number;
  /** Fixed costs in reais. */
  fixedCosts?: number;
}

/** The calculator's metrics, money in integer cents; each field's formula is stated on pricingMetricsSchema. */
export function pricingMetrics({ tierUnitCost, quantity, sellPrice, discount = 0, fixedCosts = 0 }: PricingMetricsInput): PricingMetrics {
  const exactUnitCost = applyDiscount(tierUnitCost, discount);
  const sellPriceCents = toCents(sellPrice);
  const unitCostCents = toCents(exactUnitCost);
  const revenueCents = sellPriceCents * quantity;
  const costCents = unitCostCents * quantity;
  const grossProfitCents = revenueCents - costCents;
  const fixedCostsCents = toCents(fixedCosts);
  const ebitdaCents = grossProfitCents - fixedCostsCents;
  const unitProfitCents = sellPriceCents - unitCostCents;
  return {
    unitCostCents,
    revenueCents,
    costCents,
    grossProfitCents,
    grossMarginPercent: percentOf(grossProfitCents, revenueCents),
    markupPercent: percentOf(grossProfitCents, costCents),
    fixedCostsCents,
    ebitdaCents,
    roiPercent: percentOf(ebitdaCents, costCents + fixedCostsCents),
    unitProfitCents,
    breakEvenUnits: unitProfitCents > 0 ? new Big(costCents).div(unitProfitCents).round(0, Big.roundUp).toNumber() : null,
  };
}

// ---------------------------------------------------------------- result

export const calculatorResultSchema = z.object({
  /** The cost tier used. */
  tier: providerCostTierSchema,
  metrics: pricingMetricsSchema,
  health: z.object({ score: z.number().int().min(0).max(100), color: z.enum(HEALTH_COLORS) }),
  insights: z.array(insightSchema),
  /** The minimum sell price warning, when the price is below it. */
  warnings: z.array(z.string()),
});
export type CalculatorResult = z.infer<typeof calculatorResultSchema>;

/** A calculation on the provider's cost tiers; null when no tier of the plan type starts at or below the quantity. */
export function calculatePricing(input: CalculatorInput, tiers: readonly ProviderCostTier[]): CalculatorResult | null {
  const tier = selectProviderTier(tiers, input.planType, input.quantity);
  if (!tier) return null;
  const metrics = pricingMetrics({ ...input, tierUnitCost: tier.unitCost });
  const score = healthScore(metrics);
  const warning = minimumSellPriceWarning(input.planType, input.sellPrice);
  return {
    tier,
    metrics,
    health: { score, color: healthColor(score) },
    insights: pricingInsights(metrics),
    warnings: warning ? [warning] : [],
  };
}

// ---------------------------------------------------------------- shareable link

// The inputs live in the address so that a calculation can be shared; the link speaks
// Portuguese, as the rest of the site's addresses do.
const SEARCH_KEYS = {
  providerId: 'provedor',
  planType: 'plano',
  quantity: 'quantidade',
  sellPrice: 'preco',
  discount: 'desconto',
  fixedCosts: 'custos-fixos',
} as const satisfies Record<keyof CalculatorInput, string>;

/** Search parameters, as a plain record, for the inputs given ('plano=anual&quantidade=50&preco=29.9…'). */
export function calculatorSearchParams(input: Partial<CalculatorInput>): Record<string, string> {
  const params: Record<string, string> = {};
  if (input.providerId !== undefined) params[SEARCH_KEYS.providerId] = input.providerId;
  if (input.planType !== undefined) params[SEARCH_KEYS.planType] = PERIOD_SLUGS[input.planType];
  for (const key of ['quantity', 'sellPrice', 'discount', 'fixedCosts'] as const) {
    const value = input[key];
    if (value !== undefined) params[SEARCH_KEYS[key]] = String(value);
  }
  return params;
}

const DECIMAL_TEXT = /^\d{1,12}(?:[.,]\d{1,12})?$/;
const readNumber = (text: string | undefined) => (text !== undefined && DECIMAL_TEXT.test(text.trim()) ? Number(text.trim().replace(',', '.')) : undefined);

/**
 * The inputs a link carries, each kept only when valid on its own (a form can start from a
 * partial link); a complete, valid set parses with calculatorInputSchema.
 */
export function readCalculatorSearchParams(params: Readonly<Record<string, string | undefined>>): Partial<CalculatorInput> {
  const slug = params[SEARCH_KEYS.planType];
  const candidates: Partial<Record<keyof CalculatorInput, unknown>> = {
    providerId: params[SEARCH_KEYS.providerId]?.trim(),
    planType: (Object.keys(PERIOD_SLUGS) as (keyof typeof PERIOD_SLUGS)[]).find((planType) => PERIOD_SLUGS[planType] === slug),
    quantity: readNumber(params[SEARCH_KEYS.quantity]),
    sellPrice: readNumber(params[SEARCH_KEYS.sellPrice]),
    discount: readNumber(params[SEARCH_KEYS.discount]),
    fixedCosts: readNumber(params[SEARCH_KEYS.fixedCosts]),
  };
  const draft: Record<string, unknown> = {};
  for (const key of Object.keys(SEARCH_KEYS) as (keyof CalculatorInput)[]) {
    const parsed = candidates[key] === undefined ? null : calculatorInputSchema.shape[key].safeParse(candidates[key]);
    if (parsed?.success) draft[key] = parsed.data;
  }
  return draft as Partial<CalculatorInput>;
}

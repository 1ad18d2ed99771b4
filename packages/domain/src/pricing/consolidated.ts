// Consolidated view ('Consolidado'): every active provider's option per plan type and tier
// quantity, with a suggested price, its margin and the best option.
import Big from 'big.js';
import { toCents, type Cents } from '../money.ts';
import { percentOf } from './decimals.ts';
import { MINIMUM_SELL_PRICES } from './minimum-prices.ts';
import { BILLING_PERIODS, type BillingPeriod } from './periods.ts';
import type { ProviderPricing } from './tiers.ts';

/** The suggested price is at least the unit cost times 2.5. */
export const SUGGESTED_PRICE_MARKUP = 2.5;

/** max(minimum sell price of the plan type, unit cost × 2.5), rounded half-up once to cents. */
export function suggestedPriceCents(planType: BillingPeriod, unitCost: number): Cents {
  return Math.max(toCents(MINIMUM_SELL_PRICES[planType]), toCents(new Big(unitCost).times(SUGGESTED_PRICE_MARKUP)));
}

export type MarginColor = 'green' | 'yellow' | 'red';

/** Margin colours: above 50 green, above 30 yellow, otherwise red. */
export function marginColor(marginPercent: number): MarginColor {
  if (marginPercent > 50) return 'green';
  if (marginPercent > 30) return 'yellow';
  return 'red';
}

export const MARGIN_WARNINGS = {
  low: 'Margem abaixo de 20%: o preço mal cobre o custo.',
  high: 'Margem acima de 60%: confira se o preço continua competitivo.',
} as const;

/** Warnings when the margin is under 20 % and when it is over 60 %. */
export function marginWarnings(marginPercent: number): string[] {
  if (marginPercent < 20) return [MARGIN_WARNINGS.low];
  if (marginPercent > 60) return [MARGIN_WARNINGS.high];
  return [];
}

export interface ConsolidatedOption {
  providerId: string;
  providerName: string;
  /** The tier's unit cost, rounded to cents for display (comparisons use the exact cost). */
  unitCostCents: Cents;
  suggestedPriceCents: Cents;
  /** (suggested price − unit cost) / suggested price × 100, from the cents shown, at 2 decimals. */
  marginPercent: number;
  marginColor: MarginColor;
  warnings: string[];
}

export interface ConsolidatedGroup {
  planType: BillingPeriod;
  quantity: number;
  /** Best first. */
  options: ConsolidatedOption[];
  /** The lowest unit cost; ties go to the higher margin, then to the name. */
  best: ConsolidatedOption;
}

const nameOrder = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** The view's groups, by plan type (monthly to annual) and quantity (ascending); inactive providers are left out. */
export function consolidatedView(providers: readonly ProviderPricing[]): ConsolidatedGroup[] {
  const groups = new Map<string, { planType: BillingPeriod; quantity: number; ranked: { unitCost: Big; option: ConsolidatedOption }[] }>();
  for (const provider of providers) {
    if (!provider.isActive) continue;
    for (const tier of provider.tiers) {
      const unitCostCents = toCents(tier.unitCost);
      const suggested = suggestedPriceCents(tier.planType, tier.unitCost);
      const marginPercent = percentOf(suggested - unitCostCents, suggested);
      const key = `${tier.planType}:${tier.quantity}`;
      const group = groups.get(key) ?? { planType: tier.planType, quantity: tier.quantity, ranked: [] };
      group.ranked.push({
        unitCost: new Big(tier.unitCost),
        option: {
          providerId: provider.id,
          providerName: provider.name,
          unitCostCents,
          suggestedPriceCents: suggested,
          marginPercent,
          marginColor: marginColor(marginPercent),
          warnings: marginWarnings(marginPercent),
        },
      });
      groups.set(key, group);
    }
  }
  return [...groups.values()]
    .sort((a, b) => BILLING_PERIODS.indexOf(a.planType) - BILLING_PERIODS.indexOf(b.planType) || a.quantity - b.quantity)
    .map(({ planType, quantity, ranked }) => {
      const options = ranked
        .sort(
          (a, b) =>
            a.unitCost.cmp(b.unitCost) ||
            b.option.marginPercent - a.option.marginPercent ||
            nameOrder.compare(a.option.providerName, b.option.providerName) ||
            (a.option.providerId < b.option.providerId ? -1 : a.option.providerId > b.option.providerId ? 1 : 0),
        )
        .map(({ option }) => option);
      return { planType, quantity, options, best: options[0]! };
    });
}

// Minimum end-user sell price per plan type: resellers who sell below it may be banned.
import Big from 'big.js';
import { formatBRL } from '../money.ts';
import { PERIOD_LABELS, type BillingPeriod } from './periods.ts';

/** Minimum end-user sell price per plan type, in reais. */
export const MINIMUM_SELL_PRICES: Record<BillingPeriod, number> = { monthly: 25, quarterly: 70, semiannual: 120, annual: 170 };

/** A price strictly below the plan type's minimum; the minimum itself is allowed. */
export function isBelowMinimumSellPrice(planType: BillingPeriod, sellPrice: number): boolean {
  return new Big(sellPrice).lt(MINIMUM_SELL_PRICES[planType]);
}

/** The warning shown for a price below the minimum, or null when the price respects it. */
export function minimumSellPriceWarning(planType: BillingPeriod, sellPrice: number): string | null {
  if (!isBelowMinimumSellPrice(planType, sellPrice)) return null;
  const minimum = formatBRL(MINIMUM_SELL_PRICES[planType]);
  return `Preço abaixo do mínimo de ${minimum} para o plano ${PERIOD_LABELS[planType]}. Revendedores que vendem abaixo do preço mínimo podem ser banidos.`;
}

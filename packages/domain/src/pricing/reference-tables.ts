// Reference price tables: a unit price per plan type by quantity tier, all under one global discount.
import { toCents, type Cents } from '../money.ts';
import { applyDiscount } from './decimals.ts';
import { BILLING_PERIODS, type BillingPeriod } from './periods.ts';
import { selectTier } from './tiers.ts';

export interface ReferenceTier {
  /** The quantity from which the price applies. */
  quantity: number;
  /** Unit price in reais, before the global discount. */
  unitPrice: number;
}

/** Unit price by quantity tier, per plan type; each price applies from its quantity on. */
export const REFERENCE_PRICE_TABLES: Record<BillingPeriod, readonly ReferenceTier[]> = {
  monthly: [
    { quantity: 50, unitPrice: 13 },
    { quantity: 100, unitPrice: 16.5 },
    { quantity: 500, unitPrice: 8 },
    { quantity: 1000, unitPrice: 8 },
  ],
  quarterly: [
    { quantity: 50, unitPrice: 28 },
    { quantity: 170, unitPrice: 22 },
    { quantity: 3400, unitPrice: 17.5 },
  ],
  semiannual: [
    { quantity: 50, unitPrice: 31 },
    { quantity: 330, unitPrice: 22 },
    { quantity: 3400, unitPrice: 15.5 },
  ],
  annual: [
    { quantity: 5, unitPrice: 117 },
    { quantity: 50, unitPrice: 105 },
    { quantity: 500, unitPrice: 46 },
  ],
};

export interface ReferencePriceRow {
  quantity: number;
  basePriceCents: Cents;
  /** The base price less the global discount, exact, rounded half-up once to cents. */
  priceCents: Cents;
}

const priceRow = (tier: ReferenceTier, globalDiscount: number): ReferencePriceRow => ({
  quantity: tier.quantity,
  basePriceCents: toCents(tier.unitPrice),
  priceCents: toCents(applyDiscount(tier.unitPrice, globalDiscount)),
});

/** One plan type's table, the global discount (a valid discount percentage) applied to every row. */
export function referencePriceTable(planType: BillingPeriod, globalDiscount: number): ReferencePriceRow[] {
  return REFERENCE_PRICE_TABLES[planType].map((tier) => priceRow(tier, globalDiscount));
}

/** Every plan type's table under the same global discount. */
export function referencePriceTables(globalDiscount: number): Record<BillingPeriod, ReferencePriceRow[]> {
  return Object.fromEntries(BILLING_PERIODS.map((planType) => [planType, referencePriceTable(planType, globalDiscount)])) as Record<
    BillingPeriod,
    ReferencePriceRow[]
  >;
}

/** The reference price for a quantity: its tier's row (the same tier rule as provider costs), or null below the first tier. */
export function referencePriceFor(planType: BillingPeriod, quantity: number, globalDiscount: number): ReferencePriceRow | null {
  const tier = selectTier(REFERENCE_PRICE_TABLES[planType], quantity);
  return tier ? priceRow(tier, globalDiscount) : null;
}

// Billing periods and their savings.
import { addMoney, divideMoney, multiplyMoney, roundMoney, wholePercent } from '../money.ts';

export const BILLING_PERIODS = ['monthly', 'quarterly', 'semiannual', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const PERIOD_MONTHS: Record<BillingPeriod, number> = { monthly: 1, quarterly: 3, semiannual: 6, annual: 12 };

/** Discount, in percent, that proposes a period price from the monthly one. */
export const PERIOD_DISCOUNTS: Record<BillingPeriod, number> = { monthly: 0, quarterly: 5, semiannual: 10, annual: 15 };

export const PERIOD_LABELS: Record<BillingPeriod, string> = {
  monthly: 'Mensal',
  quarterly: 'Trimestral',
  semiannual: 'Semestral',
  annual: 'Anual',
};

/** Selector labels: 'Trimestral (-5%)'… */
export const PERIOD_OPTION_LABELS: Record<BillingPeriod, string> = {
  monthly: 'Mensal',
  quarterly: 'Trimestral (-5%)',
  semiannual: 'Semestral (-10%)',
  annual: 'Anual (-15%)',
};

/** How a period is written in links ('/chat?…&periodo=anual', '/pricing-calculator?plano=mensal'). */
export const PERIOD_SLUGS: Record<BillingPeriod, string> = {
  monthly: 'mensal',
  quarterly: 'trimestral',
  semiannual: 'semestral',
  annual: 'anual',
};

export const PERIOD_SUFFIXES: Record<BillingPeriod, string> = {
  monthly: '/mês',
  quarterly: '/trimestre',
  semiannual: '/semestre',
  annual: '/ano',
};

export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'monthly';

export type PeriodPricing = Record<BillingPeriod, number>;
export type StoredPeriodPricing = { monthly: number } & Partial<Record<Exclude<BillingPeriod, 'monthly'>, number | null>>;

/** The price proposed for a period: monthly × months, less the period discount, in cents. */
export function derivePeriodPrice(monthly: number, period: BillingPeriod): number {
  return multiplyMoney(monthly, PERIOD_MONTHS[period], 100 - PERIOD_DISCOUNTS[period], 0.01);
}

/** Every period's price: the stored one when present, otherwise derived from the monthly price. */
export function resolvePeriodPricing(stored: StoredPeriodPricing): PeriodPricing {
  const pick = (period: Exclude<BillingPeriod, 'monthly'>) => {
    const value = stored[period];
    return value === null || value === undefined ? derivePeriodPrice(stored.monthly, period) : roundMoney(value);
  };
  return {
    monthly: roundMoney(stored.monthly),
    quarterly: pick('quarterly'),
    semiannual: pick('semiannual'),
    annual: pick('annual'),
  };
}

export interface PeriodSavings {
  /** monthly × months − period price, never negative. */
  amount: number;
  /** round(amount / (monthly × months) × 100). */
  percentage: number;
  /** period price / months. */
  equivalentMonthly: number;
  /** amount / months. */
  monthlySavings: number;
}

export function periodSavings(monthly: number, periodPrice: number, period: BillingPeriod): PeriodSavings {
  const months = PERIOD_MONTHS[period];
  const fullPrice = multiplyMoney(monthly, months);
  const amount = Math.max(0, addMoney(fullPrice, -periodPrice));
  return {
    amount,
    percentage: wholePercent(amount, fullPrice),
    equivalentMonthly: divideMoney(periodPrice, months),
    monthlySavings: divideMoney(amount, months),
  };
}

/** Savings for a period of a fully resolved pricing. */
export function savingsFor(pricing: PeriodPricing, period: BillingPeriod): PeriodSavings {
  return periodSavings(pricing.monthly, pricing[period], period);
}

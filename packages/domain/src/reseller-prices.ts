// Reseller plan types, credit quantities and prepaid prices without schemas, for /streaming's and
// /chat's first load; resellers.ts re-exports them with the schemas.
import { multiplyMoney } from './money.ts';

export const RESELLER_PLAN_TYPES = ['prepaid', 'monthly', 'active_users'] as const;
export type ResellerPlanType = (typeof RESELLER_PLAN_TYPES)[number];

export const RESELLER_PLAN_TYPE_LABELS: Record<ResellerPlanType, string> = {
  prepaid: 'Pré-pago',
  monthly: 'Mensal',
  active_users: 'Clientes Ativos',
};

/** Credits a reseller may buy. */
export const CREDIT_LIMITS = { min: 1, max: 1000 } as const;
/** The prepaid credit slider on /streaming. */
export const CREDIT_SLIDER = { min: 10, max: 300, step: 10, defaultValue: 100 } as const;

export const clampCredits = (credits: number) =>
  Math.min(CREDIT_LIMITS.max, Math.max(CREDIT_LIMITS.min, Math.round(Number.isFinite(credits) ? credits : CREDIT_LIMITS.min)));

/** Prepaid price per credit by quantity: the first tier whose minimum is reached wins. */
export const PREPAID_PRICE_TIERS = [
  { minCredits: 175, pricePerCredit: 2 },
  { minCredits: 80, pricePerCredit: 4 },
  { minCredits: 50, pricePerCredit: 5 },
  { minCredits: 1, pricePerCredit: 6 },
] as const;

export function prepaidPricePerCredit(credits: number): number {
  const tier = PREPAID_PRICE_TIERS.find((candidate) => credits >= candidate.minCredits) ?? PREPAID_PRICE_TIERS.at(-1)!;
  return tier.pricePerCredit;
}

export const prepaidTotal = (credits: number) => multiplyMoney(credits, prepaidPricePerCredit(credits));

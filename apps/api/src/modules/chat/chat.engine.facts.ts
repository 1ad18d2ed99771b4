// The knowledge written as sentences: the price of a plan in a period, and one fact per plan, app
// and reseller offer, for the answers and for a language model to write from. Every amount comes
// from the knowledge, computed with the shared domain functions.
import type { PublicApp, PublicPlan, PublicStreamingApp } from '@vitrine/domain/catalog';
import { formatBRL as money } from '@vitrine/domain/money';
import { formatDecimal as count } from '@vitrine/domain/number-format';
import { BILLING_PERIODS, PERIOD_LABELS, PERIOD_SUFFIXES, savingsFor, type BillingPeriod } from '@vitrine/domain/pricing/periods';
import { PREPAID_PRICE_TIERS, type PublicResellerPlan } from '@vitrine/domain/resellers';

/** 'R$ 408,00/ano (equivale a R$ 34,00/mês, economize 15%)'. */
export function planPrice(plan: PublicPlan, period: BillingPeriod): string {
  const price = `${money(plan.pricing[period])}${PERIOD_SUFFIXES[period]}`;
  if (period === 'monthly') return price;
  const savings = savingsFor(plan.pricing, period);
  return savings.percentage > 0 ? `${price} (equivale a ${money(savings.equivalentMonthly)}/mês, economize ${savings.percentage}%)` : price;
}

export const planLine = (plan: PublicPlan, period: BillingPeriod) => `${PERIOD_LABELS[period]}: ${planPrice(plan, period)}`;

export const planFact = (plan: PublicPlan) =>
  `Plano ${plan.name}: ${BILLING_PERIODS.map((period) => planLine(plan, period)).join('; ')}. Recursos: ${plan.features.map((f) => f.text).join(', ')}.`;

export const streamFact = (app: PublicStreamingApp) =>
  `App ${app.name} (${app.categoryName}): cliente final ${money(app.clientPrice)}, revendedor ${money(app.resellerPrice)}. ${app.shortDescription}`;

export const appFact = (app: PublicApp) =>
  `Aplicativo ${app.name} (versão ${app.version}): ${app.isFree ? 'grátis' : money(app.price)}. ${app.shortDescription}`;

export const resellerFact = (plan: PublicResellerPlan) =>
  plan.type === 'active_users'
    ? `${plan.name}: ${money(plan.pricePerCredit ?? 0)} por cliente ativo, mínimo mensal de ${money(plan.minimumMonthly ?? plan.price)}.`
    : `${plan.name}: ${count(plan.credits)} créditos por ${money(plan.price)}${plan.type === 'monthly' ? '/mês' : ''}.`;

export const prepaidFacts = () =>
  PREPAID_PRICE_TIERS.map((tier) => `Pré-pago a partir de ${count(tier.minCredits)} créditos: ${money(tier.pricePerCredit)} por crédito.`);

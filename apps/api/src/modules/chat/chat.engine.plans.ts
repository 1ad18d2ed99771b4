// Answers about the subscription plans: the list, one plan's prices, a comparison, and the plan and
// period the conversation settled on, with a PIX for exactly that amount.
import type { PublicPlan } from '@vitrine/domain/catalog';
import { formatBRL as money } from '@vitrine/domain/money';
import { BILLING_PERIODS, PERIOD_LABELS, PERIOD_SUFFIXES, savingsFor, type BillingPeriod } from '@vitrine/domain/pricing/periods';
import { answer, PIX_NOT_CONFIGURED, type Analysis } from './chat.engine.analysis.ts';
import { planFact, planLine, planPrice } from './chat.engine.facts.ts';
import type { Knowledge } from './chat.knowledge.ts';
import type { ChatConversationState } from './chat.repository.ts';

const PERIOD_SUGGESTIONS = BILLING_PERIODS.map((period) => PERIOD_LABELS[period]);

export const planNames = (knowledge: Knowledge) => knowledge.plans.map((plan) => plan.name);

export function plansOverview(knowledge: Knowledge, state: ChatConversationState, period?: BillingPeriod): Analysis {
  if (!knowledge.plans.length) {
    return answer('plans_none', 'No momento não há planos disponíveis para assinatura. Fale com um atendente para saber mais.', {
      state,
      suggestions: ['Falar com um humano'],
    });
  }
  const shown = period ?? 'monthly';
  const lines = knowledge.plans.map(
    (plan) => `- **${plan.name}**: ${money(plan.pricing[shown])}${PERIOD_SUFFIXES[shown]}${plan.isPopular ? ' (Mais Popular)' : ''}`,
  );
  const best = Math.max(...knowledge.plans.map((plan) => savingsFor(plan.pricing, 'annual').percentage));
  const intro = period && period !== 'monthly' ? `Nossos planos no período ${PERIOD_LABELS[period].toLowerCase()}:` : 'Nossos planos:';
  const discounts =
    period && period !== 'monthly' ? '' : best > 0 ? `\n\nNos períodos trimestral, semestral e anual há desconto (no anual, economize até ${best}%).` : '';
  return answer('plans', `${intro}\n${lines.join('\n')}${discounts}\n\nQual plano te interessa?`, {
    state: { ...state, reseller: false, ...(period ? { period } : {}) },
    facts: knowledge.plans.map(planFact),
    priceLines: lines,
    suggestions: planNames(knowledge),
  });
}

/** One plan: every period's price and the question of which one, or the settled plan when the period is known. */
export function planAnswer(knowledge: Knowledge, plan: PublicPlan, period: BillingPeriod | null, state: ChatConversationState): Analysis {
  const features = plan.features.map((f) => f.text).join(', ');
  if (!period) {
    const lines = BILLING_PERIODS.map((p) => `- ${planLine(plan, p)}`);
    return answer(
      'plan_price',
      `O plano **${plan.name}** custa ${money(plan.pricing.monthly)}/mês.\n${lines.join('\n')}\n\nInclui: ${features}.\n\nQual período você prefere?`,
      {
        state: {
          ...state,
          planId: plan.id,
          planName: plan.name,
          period: undefined,
          reseller: false,
          credits: undefined,
          activationAppId: undefined,
          resellerPlanId: undefined,
        },
        facts: [planFact(plan)],
        priceLines: lines,
        suggestions: PERIOD_SUGGESTIONS,
      },
    );
  }
  return settledPlan(knowledge, plan, period, state, false);
}

/** The conversation settled on a plan and a period: its price, and a PIX for exactly that amount. */
export function settledPlan(knowledge: Knowledge, plan: PublicPlan, period: BillingPeriod, state: ChatConversationState, askedToPay: boolean): Analysis {
  const amount = plan.pricing[period];
  const title = `Plano ${plan.name} — ${PERIOD_LABELS[period]}`;
  const key = `plan:${plan.id}:${period}:${amount}`;
  const offer = knowledge.pixRecipient && (askedToPay || state.offered !== key);
  const next: ChatConversationState = {
    ...state,
    planId: plan.id,
    planName: plan.name,
    period,
    reseller: false,
    credits: undefined,
    activationAppId: undefined,
    resellerPlanId: undefined,
    ...(offer ? { offered: key } : {}),
  };
  const payment = knowledge.pixRecipient
    ? offer
      ? `\n\nGerei um PIX de **${money(amount)}** para você pagar agora: use o QR code ou o código "copia e cola".`
      : `\n\nO PIX de ${money(amount)} que enviei acima continua válido.`
    : `\n\n${PIX_NOT_CONFIGURED} Para concluir a assinatura, fale com um atendente.`;
  return answer('plan_settled', `Ótima escolha! O **${title}** sai por ${planPrice(plan, period)}.${payment}`, {
    state: next,
    facts: [planFact(plan), `Escolha do visitante: ${title}, ${money(amount)}.`],
    priceLines: [`**${title}**: ${money(amount)}${PERIOD_SUFFIXES[period]}`],
    suggestions: knowledge.pixRecipient ? ['Pagar com PIX', 'Falar com um humano'] : ['Falar com um humano'],
    offer: offer ? { kind: 'plan', planId: plan.id, planName: plan.name, period, amount, title } : null,
  });
}

export function comparePlans(plans: PublicPlan[], state: ChatConversationState, period: BillingPeriod | null): Analysis {
  const shown = period ?? 'monthly';
  const lines = plans.map(
    (plan) => `- **${plan.name}**: ${money(plan.pricing[shown])}${PERIOD_SUFFIXES[shown]} — ${plan.features.map((f) => f.text).join(', ')}`,
  );
  return answer('plans_compare', `Comparando os planos:\n${lines.join('\n')}\n\nQual deles você prefere?`, {
    state,
    facts: plans.map(planFact),
    priceLines: lines,
    suggestions: plans.map((plan) => plan.name),
  });
}

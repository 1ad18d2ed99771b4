// Answers for resellers: the offers (prepaid tiers, monthly plans, plans per active client), one
// offer, the premium servers, and a quantity of prepaid credits with a PIX for exactly its total.
import { formatBRL as money } from '@vitrine/domain/money';
import { formatDecimal as count } from '@vitrine/domain/number-format';
import {
  CREDIT_LIMITS,
  PREPAID_PRICE_TIERS,
  prepaidPricePerCredit,
  prepaidTotal,
  RESELLER_PLAN_TYPE_LABELS,
  type PublicResellerPlan,
  type ResellerPlanType,
} from '@vitrine/domain/resellers';
import type { ChatConversationState } from '../../db/schema.ts';
import { answer, PIX_NOT_CONFIGURED, type Analysis } from './chat.engine.analysis.ts';
import { prepaidFacts, resellerFact } from './chat.engine.facts.ts';
import type { Knowledge } from './chat.knowledge.ts';

/** A quantity of prepaid credits: the tier's price, the total, and a PIX for exactly that total. */
export function creditsAnswer(knowledge: Knowledge, credits: number, state: ChatConversationState, askedToPay: boolean): Analysis {
  if (credits < CREDIT_LIMITS.min || credits > CREDIT_LIMITS.max) {
    return answer(
      'credits_out_of_range',
      `A compra de créditos vai de ${count(CREDIT_LIMITS.min)} a ${count(CREDIT_LIMITS.max)} créditos. Quantos créditos você quer?`,
      {
        state: { ...state, reseller: true },
        suggestions: ['50 créditos', '100 créditos', '200 créditos'],
      },
    );
  }
  const perCredit = prepaidPricePerCredit(credits);
  const amount = prepaidTotal(credits);
  const title = `${count(credits)} créditos pré-pagos`;
  const key = `credits:${credits}:${amount}`;
  const offer = knowledge.pixRecipient && (askedToPay || state.offered !== key);
  const line = `**${title}**: ${money(perCredit)} por crédito, total de ${money(amount)}`;
  const payment = knowledge.pixRecipient
    ? offer
      ? `\n\nGerei um PIX de **${money(amount)}** para você pagar agora.`
      : `\n\nO PIX de ${money(amount)} que enviei acima continua válido.`
    : `\n\n${PIX_NOT_CONFIGURED} Para concluir a compra, fale com um atendente.`;
  return answer('credits_settled', `${line}.${payment}`, {
    state: {
      ...state,
      reseller: true,
      credits,
      planId: undefined,
      planName: undefined,
      period: undefined,
      activationAppId: undefined,
      ...(offer ? { offered: key } : {}),
    },
    facts: [...prepaidFacts(), `Escolha do visitante: ${title}, total ${money(amount)}.`],
    priceLines: [line],
    suggestions: knowledge.pixRecipient ? ['Pagar com PIX', 'Falar com um humano'] : ['Falar com um humano'],
    offer: offer ? { kind: 'credits', credits, amount, title } : null,
  });
}

/** The reseller offers, all of them or those of one type. */
export function resellerOverview(knowledge: Knowledge, state: ChatConversationState, type?: ResellerPlanType): Analysis {
  const sections: string[] = [];
  const facts: string[] = [];
  if (!type || type === 'prepaid') {
    sections.push(
      `**Pré-pago** (preço por crédito conforme a quantidade):\n${PREPAID_PRICE_TIERS.map((tier) => `- a partir de ${count(tier.minCredits)} créditos: ${money(tier.pricePerCredit)} cada`).join('\n')}`,
    );
    facts.push(...prepaidFacts());
  }
  for (const planType of ['monthly', 'active_users'] as const) {
    if (type && type !== planType) continue;
    const plans = knowledge.resellerPlans.filter((plan) => plan.type === planType);
    if (!plans.length) continue;
    sections.push(`**${RESELLER_PLAN_TYPE_LABELS[planType]}**:\n${plans.map((plan) => `- ${resellerFact(plan)}`).join('\n')}`);
    facts.push(...plans.map(resellerFact));
  }
  return answer('reseller', `Para revendedores temos:\n\n${sections.join('\n\n')}\n\nQuantos créditos você quer comprar?`, {
    state: { ...state, reseller: true, planId: undefined, planName: undefined, period: undefined },
    facts,
    priceLines: sections,
    suggestions: ['50 créditos', '100 créditos', '200 créditos', 'Falar com um humano'],
  });
}

export function resellerPlanAnswer(plan: PublicResellerPlan, state: ChatConversationState): Analysis {
  const fact = resellerFact(plan);
  return answer(
    'reseller_plan',
    `${fact}\n\nInclui: ${plan.features.join(', ') || plan.description}.\n\nPara contratar, fale com um atendente ou pague os créditos pré-pagos via PIX.`,
    {
      state: { ...state, reseller: true },
      facts: [fact],
      priceLines: [fact],
      suggestions: ['Falar com um humano', '100 créditos'],
    },
  );
}

export function serversAnswer(knowledge: Knowledge, state: ChatConversationState): Analysis {
  if (!knowledge.servers.length) return answer('servers', 'No momento não há servidores listados.', { state });
  const lines = knowledge.servers.map(
    (card) =>
      `- **${card.product} — ${card.server}** (${card.badge}): ${count(card.qtdCreditos)} créditos a ${money(card.costPerCredit)}, total ${money(card.total)}`,
  );
  return answer('servers', `Servidores premium disponíveis:\n${lines.join('\n')}`, {
    state: { ...state, reseller: true },
    facts: lines,
    priceLines: lines,
    suggestions: ['Quero revender', 'Falar com um humano'],
  });
}

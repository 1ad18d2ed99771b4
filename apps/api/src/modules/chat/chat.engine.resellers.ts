// Answers for resellers: the offers (prepaid tiers, monthly plans, plans per active client), one
// offer with a PIX for its price, the premium servers, and a quantity of prepaid credits with a PIX
// for exactly its total.
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
import { answer, PIX_NOT_CONFIGURED, pixOffer, type Analysis } from './chat.engine.analysis.ts';
import { prepaidFacts, resellerFact } from './chat.engine.facts.ts';
import type { Knowledge } from './chat.knowledge.ts';
import type { ChatConversationState } from './chat.repository.ts';

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
      resellerPlanId: undefined,
      ...(offer ? { offered: key } : {}),
    },
    facts: [...prepaidFacts(), `Escolha do visitante: ${title}, total ${money(amount)}.`],
    priceLines: [line],
    suggestions: knowledge.pixRecipient ? ['Pagar com PIX', 'Falar com um humano'] : ['Falar com um humano'],
    offer: offer ? { kind: 'credits', credits, amount, title } : null,
  });
}

/** The reseller offers, all of them or those of one type, and the question that fits them. */
export function resellerOverview(knowledge: Knowledge, state: ChatConversationState, type?: ResellerPlanType): Analysis {
  const sections: string[] = [];
  const facts: string[] = [];
  const named: string[] = [];
  for (const planType of ['monthly', 'active_users'] as const) {
    if (type && type !== planType) continue;
    const plans = knowledge.resellerPlans.filter((plan) => plan.type === planType);
    if (!plans.length) continue;
    sections.push(`**${RESELLER_PLAN_TYPE_LABELS[planType]}**:\n${plans.map((plan) => `- ${resellerFact(plan)}`).join('\n')}`);
    facts.push(...plans.map(resellerFact));
    named.push(...plans.map((plan) => plan.name));
  }
  // Monthly or per-active-client plans asked for (and there are some): which one. Otherwise: how many prepaid credits.
  const byPlan = (type === 'monthly' || type === 'active_users') && named.length > 0;
  if (!byPlan) {
    sections.unshift(
      `**Pré-pago** (preço por crédito conforme a quantidade):\n${PREPAID_PRICE_TIERS.map((tier) => `- a partir de ${count(tier.minCredits)} créditos: ${money(tier.pricePerCredit)} cada`).join('\n')}`,
    );
    facts.unshift(...prepaidFacts());
  }
  const question = byPlan
    ? `Qual plano ${type === 'monthly' ? 'mensal' : 'por clientes ativos'} te interessa?`
    : named.length
      ? 'Quantos créditos pré-pagos você quer comprar? Se preferir um dos planos, é só dizer qual.'
      : 'Quantos créditos você quer comprar?';
  return answer('reseller', `Para revendedores temos:\n\n${sections.join('\n\n')}\n\n${question}`, {
    state: { ...state, reseller: true, planId: undefined, planName: undefined, period: undefined },
    facts,
    priceLines: sections,
    suggestions: byPlan ? [...named, 'Falar com um humano'] : ['50 créditos', '100 créditos', '200 créditos', 'Falar com um humano'],
  });
}

/** What the PIX of a reseller plan pays, by the plan's type: the first month, the first month's minimum, or the credits. */
function resellerPlanCharge(plan: PublicResellerPlan): { amount: number; title: string; pays: string } {
  switch (plan.type) {
    case 'monthly':
      return { amount: plan.price, title: `Revenda ${plan.name} — primeiro mês`, pays: `o primeiro mês (${count(plan.credits)} créditos)` };
    case 'active_users':
      return {
        amount: plan.minimumMonthly ?? plan.price,
        title: `Revenda ${plan.name} — mínimo do primeiro mês`,
        pays: 'o mínimo mensal do primeiro mês',
      };
    case 'prepaid':
      return {
        amount: plan.price,
        title: `Revenda ${plan.name} — ${count(plan.credits)} créditos pré-pagos`,
        pays: `os ${count(plan.credits)} créditos pré-pagos`,
      };
  }
}

/** A reseller plan: what it costs and includes, and a PIX for its price (what that pays depends on its type). */
export function resellerPlanAnswer(knowledge: Knowledge, plan: PublicResellerPlan, state: ChatConversationState, askedToPay: boolean): Analysis {
  const fact = resellerFact(plan);
  const { amount, title, pays } = resellerPlanCharge(plan);
  const key = `reseller_plan:${plan.id}:${amount}`;
  const {
    payable,
    offer,
    text: payment,
  } = pixOffer(knowledge, state, askedToPay, {
    key,
    amount,
    pays,
    after: plan.type === 'active_users' ? 'Um atendente libera o acesso ao painel após o pagamento.' : 'Um atendente libera os créditos após o pagamento.',
    free: 'Para contratar, fale com um atendente.',
    contact: 'Para contratar',
  });
  return answer('reseller_plan', `${fact}\n\nInclui: ${plan.features.join(', ') || plan.description}.\n\n${payment}`, {
    state: {
      ...state,
      reseller: true,
      resellerPlanId: plan.id,
      credits: undefined,
      planId: undefined,
      planName: undefined,
      period: undefined,
      activationAppId: undefined,
      ...(offer ? { offered: key } : {}),
    },
    facts: [fact, `Escolha do visitante: ${title}, ${money(amount)}.`],
    priceLines: [fact],
    suggestions: payable ? ['Pagar com PIX', 'Falar com um humano'] : ['Falar com um humano'],
    offer: offer ? { kind: 'reseller_plan', resellerPlanId: plan.id, planName: plan.name, planType: plan.type, amount, title } : null,
  });
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

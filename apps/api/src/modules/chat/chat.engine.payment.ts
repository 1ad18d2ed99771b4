// Paying: a PIX for what the conversation chose (plan and period, credits, a reseller plan, an app
// activation), never a fixed amount; with nothing chosen yet, the question of what to pay for.
import { answer, PIX_NOT_CONFIGURED, type Analysis } from './chat.engine.analysis.ts';
import { streamAnswer } from './chat.engine.apps.ts';
import { planFact } from './chat.engine.facts.ts';
import type { KnowledgeIndex } from './chat.engine.lookup.ts';
import { planNames, settledPlan } from './chat.engine.plans.ts';
import { creditsAnswer, resellerPlanAnswer } from './chat.engine.resellers.ts';
import type { ChatConversationState } from './chat.repository.ts';

/** The open choice of a conversation, when it settled on one (and the thing still exists). */
export function settledOffer(
  { knowledge, streamById, plansById, resellerById }: KnowledgeIndex,
  state: ChatConversationState,
  askedToPay: boolean,
): Analysis | null {
  const app = state.activationAppId ? streamById.get(state.activationAppId) : undefined;
  if (app) return streamAnswer(knowledge, app, state, state.priceMode, askedToPay);
  const resellerPlan = state.resellerPlanId && state.reseller ? resellerById.get(state.resellerPlanId) : undefined;
  if (resellerPlan) return resellerPlanAnswer(knowledge, resellerPlan, state, askedToPay);
  if (state.credits !== undefined && state.reseller) return creditsAnswer(knowledge, state.credits, state, askedToPay);
  const plan = state.planId ? plansById.get(state.planId) : undefined;
  if (plan && state.period) return settledPlan(knowledge, plan, state.period, state, askedToPay);
  return null;
}

/** 'Pagar com PIX', typed, tapped as a suggestion or sent by the chat's PIX shortcut. */
export function paymentRequest(index: KnowledgeIndex, state: ChatConversationState): Analysis {
  const settled = settledOffer(index, state, true);
  if (settled) return settled;
  const { knowledge } = index;
  if (!knowledge.pixRecipient) {
    return answer('payment_not_configured', `${PIX_NOT_CONFIGURED} Para contratar agora, fale com um atendente.`, {
      state,
      suggestions: ['Falar com um humano'],
    });
  }
  return answer(
    'payment_needs_choice',
    'Para gerar o PIX, me diga primeiro o que você quer pagar: um plano e o período, um app para ativar ou a quantidade de créditos, se você é revendedor.',
    {
      state,
      facts: knowledge.plans.map(planFact),
      suggestions: [...planNames(knowledge), 'Ativar um app', 'Quero revender'],
    },
  );
}

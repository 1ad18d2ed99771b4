// An intent: what a storefront button ('Escolher Plano', 'Ativar', 'Começar Vendas', 'Falar com o
// suporte', 'Testar IA Agora') or the chat's PIX shortcut asks for, by name. A name that is not
// found (renamed, deleted) gets the list to choose from.
import type { ChatIntent } from '@vitrine/domain/chat-intent';
import type { Analysis } from './chat.engine.analysis.ts';
import { appsOverview, streamAnswer } from './chat.engine.apps.ts';
import { activationSupport, contactAnswer, tryAiAnswer } from './chat.engine.help.ts';
import type { KnowledgeIndex } from './chat.engine.lookup.ts';
import { paymentRequest } from './chat.engine.payment.ts';
import { plansOverview, settledPlan } from './chat.engine.plans.ts';
import { creditsAnswer, resellerOverview, resellerPlanAnswer } from './chat.engine.resellers.ts';
import type { ChatConversationState } from './chat.repository.ts';

export function answerIntent(index: KnowledgeIndex, intent: ChatIntent, state: ChatConversationState): Analysis {
  const { knowledge } = index;
  switch (intent.kind) {
    case 'plan': {
      const plan = index.findPlanByName(intent.plan);
      if (!plan) {
        const overview = plansOverview(knowledge, state, intent.period);
        return { ...overview, topic: 'plan_not_found', reply: `Não encontrei o plano ${intent.plan} entre os planos disponíveis.\n\n${overview.reply}` };
      }
      return settledPlan(knowledge, plan, intent.period, state, false);
    }
    case 'activate': {
      const app = index.findStreamByName(intent.app);
      if (!app) {
        const overview = appsOverview(knowledge, { ...state, priceMode: intent.mode });
        return { ...overview, topic: 'app_not_found', reply: `Não encontrei o app ${intent.app} entre os disponíveis para ativação.\n\n${overview.reply}` };
      }
      return streamAnswer(knowledge, app, state, intent.mode);
    }
    case 'resell': {
      if (intent.credits !== undefined) return creditsAnswer(knowledge, intent.credits, { ...state, reseller: true }, false);
      const plan = intent.plan ? index.findResellerPlanByName(intent.plan) : undefined;
      if (plan) return resellerPlanAnswer(knowledge, plan, state, false);
      return resellerOverview(knowledge, state, intent.planType);
    }
    case 'support':
      return intent.about === 'activation' ? activationSupport(knowledge, state) : contactAnswer(knowledge, state, 'support');
    case 'pay':
      return paymentRequest(index, state);
    case 'try_ai':
      return tryAiAnswer(knowledge, state);
  }
}

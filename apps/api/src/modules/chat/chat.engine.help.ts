// Answers that sell nothing: how the service works, the contact channels, a person (handoff), a FAQ
// entry, small talk, a file received, and the answer when nothing else fits.
import type { SearchResult } from 'minisearch';
import { CHAT_TEXTS } from '@vitrine/domain/chat';
import { formatBRL as money } from '@vitrine/domain/money';
import { answer, DEFAULT_SUGGESTIONS, type Analysis } from './chat.engine.analysis.ts';
import { appsOverview } from './chat.engine.apps.ts';
import { planFact } from './chat.engine.facts.ts';
import { planNames } from './chat.engine.plans.ts';
import type { Knowledge } from './chat.knowledge.ts';
import type { ChatConversationState } from './chat.repository.ts';

export const GREETING = CHAT_TEXTS.greeting;

export function howItWorks(knowledge: Knowledge, state: ChatConversationState): Analysis {
  const cheapest = knowledge.plans[0];
  const from = cheapest ? ` Os planos começam em ${money(cheapest.pricing.monthly)}/mês (${cheapest.name}).` : '';
  return answer(
    'how_it_works',
    `Funciona assim: você escolhe um plano, paga via PIX e recebe o acesso para assistir na TV, no celular ou no computador. São +500 canais ao vivo, +9.000 filmes e +2.000 séries, com qualidade até 4K.${from}`,
    {
      state,
      facts: ['+500 canais ao vivo, +9.000 filmes e +2.000 séries, qualidade até 4K.', ...knowledge.plans.map(planFact)],
      priceLines: cheapest ? [`Planos a partir de ${money(cheapest.pricing.monthly)}/mês.`] : [],
      suggestions: ['Quais são os planos?', ...planNames(knowledge).slice(0, 3)],
    },
  );
}

export function contactAnswer(knowledge: Knowledge, state: ChatConversationState, topic = 'contact'): Analysis {
  const lines = knowledge.contact.lines.map((line) => `- ${line}`);
  return answer(topic, `Fale com a gente:\n${lines.join('\n')}\n\nSe preferir, peça aqui um atendente humano.`, {
    state,
    facts: knowledge.contact.lines,
    suggestions: ['Falar com um humano'],
  });
}

/** 'Falar com o suporte' on the activation page: the contact channels, and the apps to choose from (each then gets its PIX). */
export function activationSupport(knowledge: Knowledge, state: ChatConversationState): Analysis {
  const contact = contactAnswer(knowledge, state, 'support');
  const apps = appsOverview(knowledge, state);
  if (!knowledge.streamingApps.length) return contact;
  return {
    ...apps,
    topic: 'activation_support',
    reply: `Claro, eu ajudo com a ativação. ${apps.reply}\n\nSe preferir falar com a equipe:\n${knowledge.contact.lines.map((line) => `- ${line}`).join('\n')}`,
    facts: [...apps.facts, ...contact.facts],
    suggestions: [...apps.suggestions, 'Falar com um humano'],
  };
}

export function handoffAnswer(knowledge: Knowledge, state: ChatConversationState): Analysis {
  const channels = knowledge.contact.lines.length ? `\n\nSe preferir, fale direto:\n${knowledge.contact.lines.map((line) => `- ${line}`).join('\n')}` : '';
  return answer('handoff', `Certo! Registrei seu pedido para falar com um atendente humano. Nossa equipe vai continuar esta conversa em breve.${channels}`, {
    state,
    facts: knowledge.contact.lines,
    handoff: true,
  });
}

export function faqAnswer(knowledge: Knowledge, result: SearchResult, state: ChatConversationState): Analysis {
  const entry = knowledge.faq[Number(result.ref)]!;
  return answer('faq', entry.answer, { state, facts: [`${entry.question} ${entry.answer}`], suggestions: DEFAULT_SUGGESTIONS.slice(0, 2) });
}

export const thanksAnswer = (state: ChatConversationState): Analysis =>
  answer('thanks', 'Por nada! Se precisar de mais alguma coisa, é só chamar.', { state, suggestions: DEFAULT_SUGGESTIONS });

export const greetingAnswer = (state: ChatConversationState): Analysis => answer('greeting', GREETING, { state, suggestions: DEFAULT_SUGGESTIONS });

/** 'Testar IA Agora': the greeting, and a question to try. */
export const tryAiAnswer = (knowledge: Knowledge, state: ChatConversationState): Analysis =>
  answer('try_ai', `${GREETING}\n\nExperimente perguntar, por exemplo, "quanto custa o plano ${knowledge.plans[0]?.name ?? 'Premium'}?".`, {
    state,
    suggestions: DEFAULT_SUGGESTIONS,
  });

/** An image or audio the visitor sent: a person looks at it. */
export function fileReceived(kind: 'image' | 'audio', state: ChatConversationState): Analysis {
  return answer(
    kind === 'image' ? 'image_received' : 'audio_received',
    kind === 'image'
      ? 'Recebi sua imagem! Um atendente vai analisá-la. Enquanto isso, posso ajudar com planos, apps ou pagamento.'
      : 'Recebi seu áudio! Um atendente vai ouvi-lo. Enquanto isso, posso ajudar com planos, apps ou pagamento.',
    { state, suggestions: DEFAULT_SUGGESTIONS },
  );
}

/** A plain yes ('sim', 'ok') with nothing chosen to say yes to: what to choose, not a FAQ whose answer says 'Sim'. */
export function nothingToConfirmAnswer(state: ChatConversationState): Analysis {
  return answer(
    'nothing_to_confirm',
    'Certo! Ainda não há nada escolhido para confirmar. Você quer ver os planos, ativar um app, revender créditos ou pagar via PIX?',
    { state, suggestions: DEFAULT_SUGGESTIONS },
  );
}

export function unknownAnswer(state: ChatConversationState): Analysis {
  return answer(
    'unknown',
    'Desculpe, não entendi sua pergunta. Posso ajudar com planos e preços, apps, revenda de créditos e pagamento via PIX. Experimente uma das sugestões abaixo ou peça um atendente humano.',
    { state, suggestions: DEFAULT_SUGGESTIONS },
  );
}

// A typed question: what the visitor wants (prices, plans, how it works, a person, paying...) is
// read from the question's stems, the names it mentions are looked up, and the first answer that
// fits, in the order below, is given.
import type { SearchResult } from 'minisearch';
import type { PublicPlan } from '@vitrine/domain/catalog';
import type { BillingPeriod } from '@vitrine/domain/pricing/periods';
import type { Analysis } from './chat.engine.analysis.ts';
import { appAnswer, appsOverview, streamAnswer } from './chat.engine.apps.ts';
import {
  contactAnswer,
  faqAnswer,
  greetingAnswer,
  handoffAnswer,
  howItWorks,
  nothingToConfirmAnswer,
  thanksAnswer,
  unknownAnswer,
} from './chat.engine.help.ts';
import type { KnowledgeIndex } from './chat.engine.lookup.ts';
import { paymentRequest, settledOffer } from './chat.engine.payment.ts';
import { comparePlans, planAnswer, plansOverview, settledPlan } from './chat.engine.plans.ts';
import { creditsAnswer, resellerOverview, resellerPlanAnswer, serversAnswer } from './chat.engine.resellers.ts';
import type { ChatConversationState } from './chat.repository.ts';
import { findCredits, findNumber, findPeriod, overlaps, stems, vocabulary, words } from './chat.text.ts';

// What the visitor is asking about, as plain words; matched by stem, so 'PLANOS', 'preço' and
// 'preco' all count. The specification keys the canned replies on 'plano', 'funciona' and 'humano'.
const TOPICS = {
  handoff: vocabulary('humano humana humanos atendente atendentes pessoa operador'),
  price: vocabulary('preco precos custa custam custo custos valor valores quanto mensalidade barato caro'),
  plans: vocabulary('plano planos assinatura assinar pacote pacotes'),
  howItWorks: vocabulary('funciona funcionam funcionamento canais filmes series conteudo catalogo'),
  payment: vocabulary('pix pagar pagamento pago comprar contratar boleto'),
  reseller: vocabulary('revenda revendas revender revendedor revendedores credito creditos painel'),
  apps: vocabulary('app apps aplicativo aplicativos ativar ativacao instalar baixar'),
  servers: vocabulary('servidor servidores'),
  contact: vocabulary('contato telefone email whatsapp endereco suporte ajuda'),
  confirm: vocabulary('sim quero pode ok fechado confirmo claro isso beleza'),
  greeting: vocabulary('oi ola bom boa dia tarde noite'),
  thanks: vocabulary('obrigado obrigada valeu agradeco'),
};
type Topic = keyof typeof TOPICS;

/** What a question says before any name is looked up. */
interface Reading {
  /** The question's distinct stems, stop words left out. */
  stems: Set<string>;
  has(topic: Topic): boolean;
  period: BillingPeriod | null;
  /** '100 créditos'; or a bare '150' when the conversation is about reselling (the answer to 'how many credits?'). */
  credits: number | null;
  /** 'sim', 'pode ser', 'ok': a plain yes to the choice on the table. */
  plainYes: boolean;
  wordCount: number;
}

function readQuestion(question: string, state: ChatConversationState): Reading {
  const found = stems(question);
  return {
    stems: found,
    has: (topic) => overlaps(TOPICS[topic], found),
    period: findPeriod(question),
    credits: findCredits(question) ?? (state.reseller ? findNumber(question) : null),
    plainYes: found.size > 0 && [...found].every((stem) => TOPICS.confirm.has(stem)),
    wordCount: words(question).length,
  };
}

/** The answer about what the question names: a reseller offer, credits, plans, a period for the plan on the table, an app. */
function answerForName(index: KnowledgeIndex, question: string, reading: Reading, state: ChatConversationState): Analysis | null {
  const { knowledge } = index;
  const resellerPlan = index.mentioned(question, ['reseller'])[0];
  if (resellerPlan) return resellerPlanAnswer(knowledge, index.resellerById.get(resellerPlan.ref as string)!, state, reading.has('payment'));

  if (reading.credits !== null) return creditsAnswer(knowledge, reading.credits, state, reading.has('payment'));

  const plans = index
    .mentioned(question, ['plan'])
    .map((result) => index.plansById.get(result.ref as string))
    .filter((plan): plan is PublicPlan => plan !== undefined);
  if (plans.length > 1) return comparePlans(plans, state, reading.period);
  if (plans.length === 1) return planAnswer(knowledge, plans[0]!, reading.period, state);
  const current = state.planId ? index.plansById.get(state.planId) : undefined;
  if (current && reading.period && !state.reseller) return settledPlan(knowledge, current, reading.period, state, reading.has('payment'));

  const entity = index.mentioned(question, ['stream', 'app'])[0];
  if (entity) {
    return entity.kind === 'stream'
      ? streamAnswer(knowledge, index.streamById.get(entity.ref as string)!, state)
      : appAnswer(index.appsById.get(entity.ref as string)!, state);
  }
  return null;
}

/** The answer to the broad topic of a question that names nothing ('quero revender', 'quanto custa?'). */
function answerForTopic(index: KnowledgeIndex, reading: Reading, state: ChatConversationState): Analysis | null {
  const { knowledge } = index;
  if (reading.has('reseller')) return resellerOverview(knowledge, state);
  if (reading.has('plans') || reading.has('price')) return plansOverview(knowledge, state, reading.period ?? undefined);
  if (reading.has('howItWorks')) return howItWorks(knowledge, state);
  if (reading.has('servers')) return serversAnswer(knowledge, state);
  if (reading.has('apps')) return appsOverview(knowledge, state);
  if (reading.has('contact')) return contactAnswer(knowledge, state);
  return null;
}

// How much of a question a FAQ entry must share to be its answer: most of it before the broad
// topics, half of it after them.
const sharesMost = (faq: SearchResult, meaningful: number) => meaningful > 0 && faq.queryTerms.length >= Math.max(2, Math.ceil(meaningful * 0.6));
const sharesHalf = (faq: SearchResult, meaningful: number) => faq.queryTerms.length >= 1 && faq.queryTerms.length >= Math.ceil(meaningful / 2);

export function answerQuestion(index: KnowledgeIndex, question: string, state: ChatConversationState): Analysis {
  const { knowledge } = index;
  const reading = readQuestion(question, state);

  if (reading.has('handoff')) return handoffAnswer(knowledge, state);

  const named = answerForName(index, question, reading, state);
  if (named) return named;

  if (reading.has('payment')) return paymentRequest(index, state);
  if (reading.plainYes) return settledOffer(index, state, true) ?? nothingToConfirmAnswer(state);

  // A FAQ entry that shares most of the question's words beats the broad topics below
  // ('Posso testar antes de assinar?' is answered by its FAQ entry, not the plan list).
  const faq = index.closestFaq(question);
  const meaningful = reading.stems.size;
  if (faq && sharesMost(faq, meaningful)) return faqAnswer(knowledge, faq, state);

  const topical = answerForTopic(index, reading, state);
  if (topical) return topical;

  if (faq && sharesHalf(faq, meaningful)) return faqAnswer(knowledge, faq, state);
  if (reading.has('thanks')) return thanksAnswer(state);
  if (reading.has('greeting') && reading.wordCount <= 4) return greetingAnswer(state);
  return unknownAnswer(state);
}

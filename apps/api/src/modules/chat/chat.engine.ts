// The built-in assistant: answers in Portuguese from the live knowledge, without any network.
// Names (plans, apps, offers) and the FAQ are found through a MiniSearch index whose terms are
// folded and stemmed (chat.text.ts); what the visitor wants (prices, plans, how it works, a person,
// paying...) is read from the same stems. Every amount it writes comes from the knowledge, computed
// with the shared domain functions.
import MiniSearch, { type SearchResult } from 'minisearch';
import type { ChatIntent } from '@vitrine/domain/chat-intent';
import type { PublicApp, PublicPlan, PublicStreamingApp } from '@vitrine/domain/catalog';
import { foldText } from '@vitrine/domain/catalog';
import { CHAT_TEXTS } from '@vitrine/domain/chat';
import { formatBRL } from '@vitrine/domain/money';
import {
  BILLING_PERIODS,
  PERIOD_LABELS,
  PERIOD_SUFFIXES,
  savingsFor,
  type BillingPeriod,
} from '@vitrine/domain/pricing/periods';
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
import type { Knowledge } from './chat.knowledge.ts';
import { findCredits, findNumber, findPeriod, overlaps, stems, stemWord, vocabulary, words } from './chat.text.ts';

/** What the conversation is asked to pay for, at today's price. */
export type OfferRequest =
  | { kind: 'plan'; planId: string; planName: string; period: BillingPeriod; amount: number; title: string }
  | { kind: 'credits'; credits: number; amount: number; title: string }
  | { kind: 'activation'; appId: string; appName: string; mode: 'cliente' | 'revendedor'; amount: number; title: string };

export interface Analysis {
  /** What the answer is about, for logs and tests ('plan_price', 'handoff', 'unknown'...). */
  topic: string;
  /** The built-in answer (Markdown). */
  reply: string;
  /** The facts the answer rests on, for a language model to write from. */
  facts: string[];
  /** Price lines from our data, appended under a language model's prose. */
  priceLines: string[];
  suggestions: string[];
  /** The visitor asked for a person. */
  handoff: boolean;
  offer: OfferRequest | null;
  state: ChatConversationState;
}

export const DEFAULT_SUGGESTIONS = ['Quais são os planos?', 'Como funciona?', 'Quero revender', 'Falar com um humano'];
const PERIOD_SUGGESTIONS = BILLING_PERIODS.map((period) => PERIOD_LABELS[period]);

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

type EntityKind = 'plan' | 'stream' | 'app' | 'reseller' | 'faq';
interface IndexedDoc {
  id: string;
  kind: EntityKind;
  ref: string;
  title: string;
  text: string;
}

// Names are short: a typo is forgiven in words of 5 letters or more ('premiun').
const fuzzy = (term: string) => (term.length >= 5 ? 0.2 : false);

const money = formatBRL;
/** Until the shop sets its PIX key, the assistant offers no PIX and says so. */
const PIX_NOT_CONFIGURED = 'O pagamento por PIX ainda não foi configurado pela loja.';

/** 'R$ 408,00/ano (equivale a R$ 34,00/mês, economize 15%)'. */
function planPrice(plan: PublicPlan, period: BillingPeriod): string {
  const price = `${money(plan.pricing[period])}${PERIOD_SUFFIXES[period]}`;
  if (period === 'monthly') return price;
  const savings = savingsFor(plan.pricing, period);
  return savings.percentage > 0 ? `${price} (equivale a ${money(savings.equivalentMonthly)}/mês, economize ${savings.percentage}%)` : price;
}

const planLine = (plan: PublicPlan, period: BillingPeriod) => `${PERIOD_LABELS[period]}: ${planPrice(plan, period)}`;

const planFact = (plan: PublicPlan) =>
  `Plano ${plan.name}: ${BILLING_PERIODS.map((period) => planLine(plan, period)).join('; ')}. Recursos: ${plan.features.map((f) => f.text).join(', ')}.`;

const streamFact = (app: PublicStreamingApp) =>
  `App ${app.name} (${app.categoryName}): cliente final ${money(app.clientPrice)}, revendedor ${money(app.resellerPrice)}. ${app.shortDescription}`;

const appFact = (app: PublicApp) =>
  `Aplicativo ${app.name} (versão ${app.version}): ${app.isFree ? 'grátis' : money(app.price)}. ${app.shortDescription}`;

const resellerFact = (plan: PublicResellerPlan) =>
  plan.type === 'active_users'
    ? `${plan.name}: ${money(plan.pricePerCredit ?? 0)} por cliente ativo, mínimo mensal de ${money(plan.minimumMonthly ?? plan.price)}.`
    : `${plan.name}: ${plan.credits} créditos por ${money(plan.price)}${plan.type === 'monthly' ? '/mês' : ''}.`;

const prepaidFacts = () =>
  PREPAID_PRICE_TIERS.map((tier) => `Pré-pago a partir de ${tier.minCredits} créditos: ${money(tier.pricePerCredit)} por crédito.`);

export interface Engine {
  analyze(question: string, state: ChatConversationState): Analysis;
  analyzeIntent(intent: ChatIntent, state: ChatConversationState): Analysis;
  greeting(): { reply: string; suggestions: string[] };
  acknowledgeFile(kind: 'image' | 'audio', state: ChatConversationState): Analysis;
}

export function createEngine(knowledge: Knowledge): Engine {
  const docs: IndexedDoc[] = [
    ...knowledge.plans.map((plan) => ({
      id: `plan:${plan.id}`,
      kind: 'plan' as const,
      ref: plan.id,
      title: plan.name,
      text: plan.features.map((f) => f.text).join(' '),
    })),
    ...knowledge.streamingApps.map((app) => ({
      id: `stream:${app.id}`,
      kind: 'stream' as const,
      ref: app.id,
      title: app.name,
      text: [app.description, app.categoryName, ...app.tags].join(' '),
    })),
    ...knowledge.apps.map((app) => ({
      id: `app:${app.id}`,
      kind: 'app' as const,
      ref: app.id,
      title: app.name,
      text: [app.description, ...app.tags].join(' '),
    })),
    ...knowledge.resellerPlans.map((plan) => ({
      id: `reseller:${plan.id}`,
      kind: 'reseller' as const,
      ref: plan.id,
      title: plan.name,
      text: [plan.description, ...plan.features].join(' '),
    })),
    ...knowledge.faq.map((entry, index) => ({
      id: `faq:${index}`,
      kind: 'faq' as const,
      ref: String(index),
      title: entry.question,
      text: entry.answer,
    })),
  ];
  const index = new MiniSearch<IndexedDoc>({
    fields: ['title', 'text'],
    storeFields: ['kind', 'ref'],
    processTerm: (term) => stemWord(term) ?? null,
    searchOptions: { boost: { title: 3 }, fuzzy },
  });
  index.addAll(docs);
  const titleStems = new Map(docs.map((doc) => [doc.id, stems(doc.title)]));

  const plansById = new Map(knowledge.plans.map((plan) => [plan.id, plan]));
  const streamById = new Map(knowledge.streamingApps.map((app) => [app.id, app]));
  const appsById = new Map(knowledge.apps.map((app) => [app.id, app]));
  const resellerById = new Map(knowledge.resellerPlans.map((plan) => [plan.id, plan]));

  /** Entities of a kind whose whole name the text mentions ('Kids Play', not just 'play'). */
  function mentioned(text: string, kinds: EntityKind[]): SearchResult[] {
    const results = index.search(text, { fields: ['title'], filter: (result) => kinds.includes(result.kind as EntityKind) });
    return results.filter((result) => {
      const wanted = titleStems.get(result.id as string);
      if (!wanted || wanted.size === 0) return false;
      const matched = new Set(result.terms);
      return [...wanted].every((stem) => matched.has(stem));
    });
  }

  const findPlanByName = (name: string) =>
    knowledge.plans.find((plan) => foldText(plan.name) === foldText(name)) ??
    knowledge.plans.find((plan) => plan.id === mentioned(name, ['plan'])[0]?.ref);

  const findStreamByName = (name: string) =>
    knowledge.streamingApps.find((app) => foldText(app.name) === foldText(name)) ??
    knowledge.streamingApps.find((app) => app.id === mentioned(name, ['stream'])[0]?.ref);

  const findResellerPlanByName = (name: string) =>
    knowledge.resellerPlans.find((plan) => foldText(plan.name) === foldText(name)) ??
    knowledge.resellerPlans.find((plan) => plan.id === mentioned(name, ['reseller'])[0]?.ref);

  const planNames = () => knowledge.plans.map((plan) => plan.name);

  // ---------------------------------------------------------------- answers

  const answer = (topic: string, reply: string, extra: Partial<Analysis> & { state: ChatConversationState }): Analysis => ({
    topic,
    reply,
    facts: [],
    priceLines: [],
    suggestions: [],
    handoff: false,
    offer: null,
    ...extra,
  });

  function plansOverview(state: ChatConversationState, period?: BillingPeriod): Analysis {
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
    const discounts = period && period !== 'monthly' ? '' : best > 0 ? `\n\nNos períodos trimestral, semestral e anual há desconto (no anual, economize até ${best}%).` : '';
    return answer('plans', `${intro}\n${lines.join('\n')}${discounts}\n\nQual plano te interessa?`, {
      state: { ...state, reseller: false, ...(period ? { period } : {}) },
      facts: knowledge.plans.map(planFact),
      priceLines: lines,
      suggestions: planNames(),
    });
  }

  function planAnswer(plan: PublicPlan, period: BillingPeriod | null, state: ChatConversationState): Analysis {
    const features = plan.features.map((f) => f.text).join(', ');
    if (!period) {
      const lines = BILLING_PERIODS.map((p) => `- ${planLine(plan, p)}`);
      return answer(
        'plan_price',
        `O plano **${plan.name}** custa ${money(plan.pricing.monthly)}/mês.\n${lines.join('\n')}\n\nInclui: ${features}.\n\nQual período você prefere?`,
        {
          state: { ...state, planId: plan.id, planName: plan.name, period: undefined, reseller: false, credits: undefined, activationAppId: undefined },
          facts: [planFact(plan)],
          priceLines: lines,
          suggestions: PERIOD_SUGGESTIONS,
        },
      );
    }
    return settledPlan(plan, period, state, false);
  }

  /** The conversation settled on a plan and a period: its price, and a PIX for exactly that amount. */
  function settledPlan(plan: PublicPlan, period: BillingPeriod, state: ChatConversationState, askedToPay: boolean): Analysis {
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

  function comparePlans(plans: PublicPlan[], state: ChatConversationState, period: BillingPeriod | null): Analysis {
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

  function creditsAnswer(credits: number, state: ChatConversationState, askedToPay: boolean): Analysis {
    if (credits < CREDIT_LIMITS.min || credits > CREDIT_LIMITS.max) {
      return answer(
        'credits_out_of_range',
        `A compra de créditos vai de ${CREDIT_LIMITS.min} a ${CREDIT_LIMITS.max} créditos. Quantos créditos você quer?`,
        { state: { ...state, reseller: true }, suggestions: ['50 créditos', '100 créditos', '200 créditos'] },
      );
    }
    const perCredit = prepaidPricePerCredit(credits);
    const amount = prepaidTotal(credits);
    const title = `${credits} créditos pré-pagos`;
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

  function resellerOverview(state: ChatConversationState, type?: ResellerPlanType): Analysis {
    const sections: string[] = [];
    const facts: string[] = [];
    if (!type || type === 'prepaid') {
      sections.push(
        `**Pré-pago** (preço por crédito conforme a quantidade):\n${PREPAID_PRICE_TIERS.map((tier) => `- a partir de ${tier.minCredits} créditos: ${money(tier.pricePerCredit)} cada`).join('\n')}`,
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

  function resellerPlanAnswer(plan: PublicResellerPlan, state: ChatConversationState): Analysis {
    const fact = resellerFact(plan);
    return answer('reseller_plan', `${fact}\n\nInclui: ${plan.features.join(', ') || plan.description}.\n\nPara contratar, fale com um atendente ou pague os créditos pré-pagos via PIX.`, {
      state: { ...state, reseller: true },
      facts: [fact],
      priceLines: [fact],
      suggestions: ['Falar com um humano', '100 créditos'],
    });
  }

  /** An app to activate, at the price of the visitor's mode: the price, and a PIX for exactly that amount. */
  function streamAnswer(app: PublicStreamingApp, state: ChatConversationState, mode?: 'cliente' | 'revendedor', askedToPay = false): Analysis {
    const priceMode = mode ?? state.priceMode ?? 'cliente';
    const price = priceMode === 'revendedor' ? app.resellerPrice : app.clientPrice;
    const licenses = [app.hasMonthlyLicense ? 'mensal' : null, app.hasAnnualLicense ? 'anual' : null].filter(Boolean).join(' e ');
    const line = `**${app.name}** (${app.categoryName}): ${money(price)} ${priceMode === 'revendedor' ? 'no preço de revendedor' : 'para cliente final'}`;
    const other =
      priceMode === 'revendedor' ? `Para cliente final: ${money(app.clientPrice)}.` : `Revendedores pagam ${money(app.resellerPrice)}.`;
    const title = `Ativação do app ${app.name} — ${priceMode === 'revendedor' ? 'revendedor' : 'cliente final'}`;
    const key = `activation:${app.id}:${priceMode}:${price}`;
    const offer = knowledge.pixRecipient !== null && price > 0 && (askedToPay || state.offered !== key);
    const payment = knowledge.pixRecipient
      ? offer
        ? `Gerei um PIX de **${money(price)}** para a ativação: use o QR code ou o código "copia e cola". Um atendente envia o acesso após o pagamento.`
        : `O PIX de ${money(price)} que enviei acima continua válido. Um atendente envia o acesso após o pagamento.`
      : `${PIX_NOT_CONFIGURED} Para ativar, fale com um atendente.`;
    return answer('stream_app', `${line}. ${other}${licenses ? ` Licença ${licenses}.` : ''}\n\n${app.description}\n\n${payment}`, {
      state: {
        ...state,
        priceMode,
        activationAppId: app.id,
        planId: undefined,
        planName: undefined,
        period: undefined,
        credits: undefined,
        reseller: false,
        ...(offer ? { offered: key } : {}),
      },
      facts: [streamFact(app), `Escolha do visitante: ${title}, ${money(price)}.`],
      priceLines: [`${line}.`],
      suggestions: knowledge.pixRecipient ? ['Pagar com PIX', 'Falar com um humano'] : ['Falar com um humano', 'Quais são os planos?'],
      offer: offer ? { kind: 'activation', appId: app.id, appName: app.name, mode: priceMode, amount: price, title } : null,
    });
  }

  function appAnswer(app: PublicApp, state: ChatConversationState): Analysis {
    const fact = appFact(app);
    return answer(
      'app',
      `**${app.name}** (versão ${app.version}) — ${app.isFree ? 'grátis' : money(app.price)}.\n\n${app.description}\n\nO download pede um código de acesso, enviado pelo atendimento após a contratação.`,
      { state, facts: [fact], priceLines: [`**${app.name}**: ${app.isFree ? 'grátis' : money(app.price)}`], suggestions: ['Falar com um humano'] },
    );
  }

  function appsOverview(state: ChatConversationState): Analysis {
    const mode = state.priceMode ?? 'cliente';
    const lines = knowledge.streamingApps.map(
      (app) => `- **${app.name}** (${app.categoryName}): ${money(mode === 'revendedor' ? app.resellerPrice : app.clientPrice)}`,
    );
    const store = knowledge.apps.filter((app) => app.isFeatured).map((app) => app.name);
    const reply = lines.length
      ? `Apps para ativação (${mode === 'revendedor' ? 'preço de revendedor' : 'cliente final'}):\n${lines.join('\n')}${store.length ? `\n\nNa loja de apps, destaques: ${store.join(', ')}.` : ''}\n\nQual app você quer ativar?`
      : 'No momento não há apps disponíveis para ativação.';
    return answer('apps', reply, {
      state,
      facts: [...knowledge.streamingApps.map(streamFact), ...knowledge.apps.map(appFact)],
      priceLines: lines,
      suggestions: knowledge.streamingApps.slice(0, 4).map((app) => app.name),
    });
  }

  function serversAnswer(state: ChatConversationState): Analysis {
    if (!knowledge.servers.length) return answer('servers', 'No momento não há servidores listados.', { state });
    const lines = knowledge.servers.map(
      (card) => `- **${card.product} — ${card.server}** (${card.badge}): ${card.qtdCreditos} créditos a ${money(card.costPerCredit)}, total ${money(card.total)}`,
    );
    return answer('servers', `Servidores premium disponíveis:\n${lines.join('\n')}`, {
      state: { ...state, reseller: true },
      facts: lines,
      priceLines: lines,
      suggestions: ['Quero revender', 'Falar com um humano'],
    });
  }

  function howItWorks(state: ChatConversationState): Analysis {
    const cheapest = knowledge.plans[0];
    const from = cheapest ? ` Os planos começam em ${money(cheapest.pricing.monthly)}/mês (${cheapest.name}).` : '';
    return answer(
      'how_it_works',
      `Funciona assim: você escolhe um plano, paga via PIX e recebe o acesso para assistir na TV, no celular ou no computador. São +500 canais ao vivo, +9.000 filmes e +2.000 séries, com qualidade até 4K.${from}`,
      {
        state,
        facts: ['+500 canais ao vivo, +9.000 filmes e +2.000 séries, qualidade até 4K.', ...knowledge.plans.map(planFact)],
        priceLines: cheapest ? [`Planos a partir de ${money(cheapest.pricing.monthly)}/mês.`] : [],
        suggestions: ['Quais são os planos?', ...planNames().slice(0, 3)],
      },
    );
  }

  function contactAnswer(state: ChatConversationState, topic = 'contact'): Analysis {
    const lines = knowledge.contact.lines.map((line) => `- ${line}`);
    return answer(topic, `Fale com a gente:\n${lines.join('\n')}\n\nSe preferir, peça aqui um atendente humano.`, {
      state,
      facts: knowledge.contact.lines,
      suggestions: ['Falar com um humano'],
    });
  }

  function handoffAnswer(state: ChatConversationState): Analysis {
    const channels = knowledge.contact.lines.length ? `\n\nSe preferir, fale direto:\n${knowledge.contact.lines.map((line) => `- ${line}`).join('\n')}` : '';
    return answer(
      'handoff',
      `Certo! Registrei seu pedido para falar com um atendente humano. Nossa equipe vai continuar esta conversa em breve.${channels}`,
      { state, facts: knowledge.contact.lines, handoff: true },
    );
  }

  function faqAnswer(result: SearchResult, state: ChatConversationState): Analysis {
    const entry = knowledge.faq[Number(result.ref)]!;
    return answer('faq', entry.answer, { state, facts: [`${entry.question} ${entry.answer}`], suggestions: DEFAULT_SUGGESTIONS.slice(0, 2) });
  }

  function unknown(state: ChatConversationState): Analysis {
    return answer(
      'unknown',
      'Desculpe, não entendi sua pergunta. Posso ajudar com planos e preços, apps, revenda de créditos e pagamento via PIX. Experimente uma das sugestões abaixo ou peça um atendente humano.',
      { state, suggestions: DEFAULT_SUGGESTIONS },
    );
  }

  const greetingText = CHAT_TEXTS.greeting;

  /** The open choice of a conversation, when it settled on one (and the thing still exists). */
  function settledOffer(state: ChatConversationState, askedToPay: boolean): Analysis | null {
    const app = state.activationAppId ? streamById.get(state.activationAppId) : undefined;
    if (app) return streamAnswer(app, state, state.priceMode, askedToPay);
    if (state.credits !== undefined && state.reseller) return creditsAnswer(state.credits, state, askedToPay);
    const plan = state.planId ? plansById.get(state.planId) : undefined;
    if (plan && state.period) return settledPlan(plan, state.period, state, askedToPay);
    return null;
  }

  /**
   * 'Pagar com PIX': a PIX for what the conversation chose (plan and period, credits, an app
   * activation), never a fixed amount; with nothing chosen yet, the question of what to pay for.
   */
  function paymentRequest(state: ChatConversationState): Analysis {
    const settled = settledOffer(state, true);
    if (settled) return settled;
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
        suggestions: [...planNames(), 'Ativar um app', 'Quero revender'],
      },
    );
  }

  /** 'Falar com o suporte' on the activation page: the contact channels, and the apps to choose from (each then gets its PIX). */
  function activationSupport(state: ChatConversationState): Analysis {
    const contact = contactAnswer(state, 'support');
    const apps = appsOverview(state);
    if (!knowledge.streamingApps.length) return contact;
    return {
      ...apps,
      topic: 'activation_support',
      reply: `Claro, eu ajudo com a ativação. ${apps.reply}\n\nSe preferir falar com a equipe:\n${knowledge.contact.lines.map((line) => `- ${line}`).join('\n')}`,
      facts: [...apps.facts, ...contact.facts],
      suggestions: [...apps.suggestions, 'Falar com um humano'],
    };
  }

  // ---------------------------------------------------------------- questions

  function analyze(question: string, state: ChatConversationState): Analysis {
    const found = stems(question);
    const has = (topic: Topic) => overlaps(TOPICS[topic], found);
    const period = findPeriod(question);
    const explicitCredits = findCredits(question);
    const credits = explicitCredits ?? (state.reseller ? findNumber(question) : null);

    if (has('handoff')) return handoffAnswer(state);

    const resellerPlan = mentioned(question, ['reseller'])[0];
    if (resellerPlan) return resellerPlanAnswer(resellerById.get(resellerPlan.ref as string)!, state);

    if (credits !== null && (explicitCredits !== null || state.reseller)) return creditsAnswer(credits, state, has('payment'));

    const plans = mentioned(question, ['plan'])
      .map((result) => plansById.get(result.ref as string))
      .filter((plan): plan is PublicPlan => plan !== undefined);
    if (plans.length > 1) return comparePlans(plans, state, period);
    if (plans.length === 1) return planAnswer(plans[0]!, period, state);
    const current = state.planId ? plansById.get(state.planId) : undefined;
    if (current && period && !state.reseller) return settledPlan(current, period, state, has('payment'));

    const entity = mentioned(question, ['stream', 'app'])[0];
    if (entity) {
      return entity.kind === 'stream'
        ? streamAnswer(streamById.get(entity.ref as string)!, state)
        : appAnswer(appsById.get(entity.ref as string)!, state);
    }

    // 'sim', 'pode ser', 'ok': a plain yes to the choice on the table.
    const plainYes = found.size > 0 && [...found].every((stem) => TOPICS.confirm.has(stem));
    if (has('payment')) return paymentRequest(state);
    if (plainYes) {
      const settled = settledOffer(state, true);
      if (settled) return settled;
    }

    // A FAQ entry that shares most of the question's words beats the broad topics below
    // ('Posso testar antes de assinar?' is answered by its FAQ entry, not the plan list).
    const faq = index.search(question, { filter: (result) => result.kind === 'faq' })[0];
    const meaningful = found.size;
    if (faq && meaningful > 0 && faq.queryTerms.length >= Math.max(2, Math.ceil(meaningful * 0.6))) return faqAnswer(faq, state);

    if (has('reseller')) return resellerOverview(state);
    if (period && (has('plans') || has('price'))) return plansOverview(state, period);
    if (has('plans') || has('price')) return plansOverview(state);
    if (has('howItWorks')) return howItWorks(state);
    if (has('servers')) return serversAnswer(state);
    if (has('apps')) return appsOverview(state);
    if (has('contact')) return contactAnswer(state);
    if (faq && faq.queryTerms.length >= 1 && faq.queryTerms.length >= Math.ceil(meaningful / 2)) return faqAnswer(faq, state);
    if (has('thanks')) return answer('thanks', 'Por nada! Se precisar de mais alguma coisa, é só chamar.', { state, suggestions: DEFAULT_SUGGESTIONS });
    if (has('greeting') && words(question).length <= 4) return answer('greeting', greetingText, { state, suggestions: DEFAULT_SUGGESTIONS });
    return unknown(state);
  }

  function analyzeIntent(intent: ChatIntent, state: ChatConversationState): Analysis {
    switch (intent.kind) {
      case 'plan': {
        const plan = findPlanByName(intent.plan);
        if (!plan) {
          const overview = plansOverview(state, intent.period);
          return { ...overview, topic: 'plan_not_found', reply: `Não encontrei o plano ${intent.plan} entre os planos disponíveis.\n\n${overview.reply}` };
        }
        return settledPlan(plan, intent.period, state, false);
      }
      case 'activate': {
        const app = findStreamByName(intent.app);
        if (!app) {
          const overview = appsOverview({ ...state, priceMode: intent.mode });
          return { ...overview, topic: 'app_not_found', reply: `Não encontrei o app ${intent.app} entre os disponíveis para ativação.\n\n${overview.reply}` };
        }
        return streamAnswer(app, state, intent.mode);
      }
      case 'resell': {
        if (intent.credits !== undefined) return creditsAnswer(intent.credits, { ...state, reseller: true }, false);
        const plan = intent.plan ? findResellerPlanByName(intent.plan) : undefined;
        if (plan) return resellerPlanAnswer(plan, state);
        return resellerOverview(state, intent.planType);
      }
      case 'support':
        return intent.about === 'activation' ? activationSupport(state) : contactAnswer(state, 'support');
      case 'pay':
        return paymentRequest(state);
      case 'try_ai':
        return answer('try_ai', `${greetingText}\n\nExperimente perguntar, por exemplo, "quanto custa o plano ${knowledge.plans[0]?.name ?? 'Premium'}?".`, {
          state,
          suggestions: DEFAULT_SUGGESTIONS,
        });
    }
  }

  return {
    analyze,
    analyzeIntent,
    greeting: () => ({ reply: greetingText, suggestions: DEFAULT_SUGGESTIONS }),
    acknowledgeFile(kind, state) {
      return answer(
        kind === 'image' ? 'image_received' : 'audio_received',
        kind === 'image'
          ? 'Recebi sua imagem! Um atendente vai analisá-la. Enquanto isso, posso ajudar com planos, apps ou pagamento.'
          : 'Recebi seu áudio! Um atendente vai ouvi-lo. Enquanto isso, posso ajudar com planos, apps ou pagamento.',
        { state, suggestions: DEFAULT_SUGGESTIONS },
      );
    },
  };
}

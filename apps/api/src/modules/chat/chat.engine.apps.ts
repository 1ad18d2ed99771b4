// Answers about apps: the activation apps (each at the visitor's price, client or reseller, with a
// PIX for exactly that amount) and the apps of the store, whose download needs an access code.
import type { PublicApp, PublicStreamingApp } from '@vitrine/domain/catalog';
import { formatBRL as money } from '@vitrine/domain/money';
import { answer, pixOffer, type Analysis } from './chat.engine.analysis.ts';
import { appFact, streamFact } from './chat.engine.facts.ts';
import type { Knowledge } from './chat.knowledge.ts';
import type { ChatConversationState } from './chat.repository.ts';

/** An app to activate, at the price of the visitor's mode: the price, and a PIX for exactly that amount. */
export function streamAnswer(
  knowledge: Knowledge,
  app: PublicStreamingApp,
  state: ChatConversationState,
  mode?: 'cliente' | 'revendedor',
  askedToPay = false,
): Analysis {
  const priceMode = mode ?? state.priceMode ?? 'cliente';
  const price = priceMode === 'revendedor' ? app.resellerPrice : app.clientPrice;
  const licenses = [app.hasMonthlyLicense ? 'mensal' : null, app.hasAnnualLicense ? 'anual' : null].filter(Boolean).join(' e ');
  const line = `**${app.name}** (${app.categoryName}): ${money(price)} ${priceMode === 'revendedor' ? 'no preço de revendedor' : 'para cliente final'}`;
  const other = priceMode === 'revendedor' ? `Para cliente final: ${money(app.clientPrice)}.` : `Revendedores pagam ${money(app.resellerPrice)}.`;
  const title = `Ativação do app ${app.name} — ${priceMode === 'revendedor' ? 'revendedor' : 'cliente final'}`;
  const key = `activation:${app.id}:${priceMode}:${price}`;
  // A free activation has nothing to pay: no PIX, and no claim of one.
  const {
    payable,
    offer,
    text: payment,
  } = pixOffer(knowledge, state, askedToPay, {
    key,
    amount: price,
    pays: 'a ativação',
    after: 'Um atendente envia o acesso após o pagamento.',
    free: 'Esta ativação é gratuita: fale com um atendente para receber o acesso.',
    contact: 'Para ativar',
  });
  return answer('stream_app', `${line}. ${other}${licenses ? ` Licença ${licenses}.` : ''}\n\n${app.description}\n\n${payment}`, {
    state: {
      ...state,
      priceMode,
      activationAppId: app.id,
      planId: undefined,
      planName: undefined,
      period: undefined,
      credits: undefined,
      resellerPlanId: undefined,
      reseller: false,
      ...(offer ? { offered: key } : {}),
    },
    facts: [streamFact(app), `Escolha do visitante: ${title}, ${money(price)}.`],
    priceLines: [`${line}.`],
    suggestions: payable ? ['Pagar com PIX', 'Falar com um humano'] : ['Falar com um humano', 'Quais são os planos?'],
    offer: offer ? { kind: 'activation', appId: app.id, appName: app.name, mode: priceMode, amount: price, title } : null,
  });
}

/** An app of the store. */
export function appAnswer(app: PublicApp, state: ChatConversationState): Analysis {
  const fact = appFact(app);
  return answer(
    'app',
    `**${app.name}** (versão ${app.version}) — ${app.isFree ? 'grátis' : money(app.price)}.\n\n${app.description}\n\nO download pede um código de acesso, enviado pelo atendimento após a contratação.`,
    { state, facts: [fact], priceLines: [`**${app.name}**: ${app.isFree ? 'grátis' : money(app.price)}`], suggestions: ['Falar com um humano'] },
  );
}

/** The activation apps at the visitor's price, and the store's featured apps. */
export function appsOverview(knowledge: Knowledge, state: ChatConversationState): Analysis {
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

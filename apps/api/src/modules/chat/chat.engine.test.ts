// The built-in engine decides in a fixed order what a question is about; these sentences pin that
// order down, and what each reseller offer charges, without a database (the answers' texts and PIX
// are covered through the API elsewhere).
import { describe, expect, it } from 'vitest';
import type { PublicPlan, PublicStreamingApp } from '@vitrine/domain/catalog';
import type { ChatIntent } from '@vitrine/domain/chat-intent';
import type { PublicResellerPlan } from '@vitrine/domain/resellers';
import { createEngine } from './chat.engine.ts';
import type { Knowledge } from './chat.knowledge.ts';
import type { ChatConversationState } from './chat.repository.ts';

const plan = (id: string, name: string, monthly: number, semiannual: number) =>
  ({
    id,
    name,
    isPopular: false,
    pricing: { monthly, quarterly: monthly * 3, semiannual, annual: monthly * 12 },
    features: [{ text: '4 telas' }],
  }) as PublicPlan;

const knowledge: Knowledge = {
  plans: [plan('basic', 'Básico', 35, 210), plan('family', 'Family', 50, 270)],
  apps: [],
  streamingApps: [
    {
      id: 'kids',
      name: 'Kids Play',
      categoryName: 'Infantil',
      clientPrice: 30,
      resellerPrice: 20,
      description: 'Desenhos.',
      tags: [],
    } as unknown as PublicStreamingApp,
    {
      id: 'free',
      name: 'Rádio Livre',
      categoryName: 'Música',
      clientPrice: 0,
      resellerPrice: 0,
      description: 'Rádios.',
      tags: [],
    } as unknown as PublicStreamingApp,
  ],
  resellerPlans: [],
  servers: [],
  contact: { lines: ['E-mail: contato@example.com'] },
  faq: [
    { question: 'Posso testar antes de assinar?', answer: 'Há um teste grátis de 4 horas.' },
    { question: 'Funciona na smart TV?', answer: 'Sim.' },
  ],
  pixRecipient: { key: 'loja@example.com', recipient: 'Loja', city: 'SAO PAULO' },
};
const engine = createEngine(knowledge);
const familyOnTheTable: ChatConversationState = { planId: 'family', planName: 'Family' };

describe('what a typed question is about', () => {
  it.each<[string, ChatConversationState, string]>([
    ['quero falar com um humano sobre o plano family', {}, 'handoff'],
    ['150', {}, 'unknown'],
    ['150', { reseller: true }, 'credits_settled'],
    ['100 créditos', {}, 'credits_settled'],
    ['básico ou family?', {}, 'plans_compare'],
    ['quanto custa o family?', {}, 'plan_price'],
    ['semestral', familyOnTheTable, 'plan_settled'],
    ['semestral', { ...familyOnTheTable, reseller: true }, 'unknown'],
    ['quero ativar o kids play', {}, 'stream_app'],
    ['quero pagar com pix', {}, 'payment_needs_choice'],
    ['Posso testar antes de assinar?', {}, 'faq'],
    ['planos anuais', {}, 'plans'],
    ['quero revender', {}, 'reseller'],
    ['oi', {}, 'greeting'],
    ['sim', {}, 'nothing_to_confirm'],
    ['ok, pode ser', {}, 'nothing_to_confirm'],
    ['funciona na smart tv?', {}, 'faq'],
    ['oi, bom dia, tudo bem com vocês?', {}, 'unknown'],
  ])('%j, with %j on the table, is %s', (question, state, topic) => {
    expect(engine.analyze(question, state).topic).toBe(topic);
  });

  it('a person asked for wins over a plan named in the same question', () => {
    expect(engine.analyze('humano, quero o plano family anual', {}).handoff).toBe(true);
  });

  it('a bare number is a quantity of credits only once the conversation is about reselling', () => {
    expect(engine.analyze('150', { reseller: true }).offer).toEqual({ kind: 'credits', credits: 150, amount: 600, title: '150 créditos pré-pagos' });
  });

  it('a period alone settles the plan on the table, with a PIX of that period', () => {
    expect(engine.analyze('semestral', familyOnTheTable).offer).toMatchObject({ kind: 'plan', planId: 'family', period: 'semiannual', amount: 270 });
  });

  it('the plan list asked for a period shows that period', () => {
    expect(engine.analyze('planos anuais', {}).reply).toContain('Nossos planos no período anual:');
  });

  it('a plain yes, or paying, takes the choice on the table', () => {
    const settled = { ...familyOnTheTable, period: 'semiannual', offered: 'plan:family:semiannual:270' } as const;
    expect(engine.analyze('sim', settled).offer).toMatchObject({ kind: 'plan', amount: 270 });
    expect(engine.analyze('quero pagar com pix', { activationAppId: 'kids' }).offer).toMatchObject({ kind: 'activation', amount: 30 });
  });
});

describe('a free activation', () => {
  it('offers no PIX and claims none, and asks for a person instead', () => {
    for (const analysis of [
      engine.analyze('quero ativar o rádio livre', {}),
      engine.analyzeIntent({ kind: 'activate', app: 'rádio livre', mode: 'cliente' }, {}),
      engine.analyze('sim', { activationAppId: 'free', priceMode: 'cliente' }),
    ]) {
      expect(analysis.offer).toBeNull();
      expect(analysis.reply).not.toMatch(/PIX/);
      expect(analysis.reply).toContain('Esta ativação é gratuita');
      expect(analysis.suggestions).not.toContain('Pagar com PIX');
    }
  });
});

describe('what a storefront button asks for', () => {
  it('a plan that no longer exists gets the plan list', () => {
    const analysis = engine.analyzeIntent({ kind: 'plan', plan: 'Ouro', period: 'annual' }, {});
    expect(analysis.topic).toBe('plan_not_found');
    expect(analysis.reply).toContain('Não encontrei o plano Ouro');
  });

  it("'Ativar Agora' charges the reseller price of the app it names", () => {
    expect(engine.analyzeIntent({ kind: 'activate', app: 'kids play', mode: 'revendedor' }, {}).offer).toMatchObject({ kind: 'activation', amount: 20 });
  });

  it("'Pagar com PIX' with nothing chosen asks what to pay for", () => {
    expect(engine.analyzeIntent({ kind: 'pay' }, {}).topic).toBe('payment_needs_choice');
  });
});

describe('every reseller offer ends in a PIX for its price', () => {
  const resellerPlan = (values: Partial<PublicResellerPlan> & Pick<PublicResellerPlan, 'id' | 'name' | 'type' | 'credits' | 'price'>): PublicResellerPlan => ({
    description: '',
    pricePerCredit: null,
    minimumMonthly: null,
    features: ['Painel de revenda'],
    ...values,
  });
  const resellers = createEngine({
    ...knowledge,
    resellerPlans: [
      resellerPlan({ id: 'm100', name: 'Mensal 100 créditos', type: 'monthly', credits: 100, price: 180 }),
      resellerPlan({ id: 'a10', name: 'Clientes Ativos 10', type: 'active_users', credits: 10, price: 65, pricePerCredit: 6.5, minimumMonthly: 65 }),
      resellerPlan({ id: 'p300', name: 'Pacote Pré-pago 300', type: 'prepaid', credits: 300, price: 540 }),
    ],
  });

  // The link of each offer on /streaming, what its answer says the PIX pays, and the PIX.
  it.each<{ offer: string; intent: ChatIntent; says: string[]; pays: { kind: string; title: string; amount: number } }>([
    {
      offer: 'a monthly plan',
      intent: { kind: 'resell', planType: 'monthly', plan: 'Mensal 100 créditos' },
      says: ['Mensal 100 créditos: 100 créditos por R$ 180,00/mês', 'Gerei um PIX de **R$ 180,00** para o primeiro mês (100 créditos)'],
      pays: { kind: 'reseller_plan', title: 'Revenda Mensal 100 créditos — primeiro mês', amount: 180 },
    },
    {
      offer: 'a plan per active client',
      intent: { kind: 'resell', planType: 'active_users', plan: 'Clientes Ativos 10' },
      says: ['R$ 6,50 por cliente ativo, mínimo mensal de R$ 65,00', 'Gerei um PIX de **R$ 65,00** para o mínimo mensal do primeiro mês'],
      pays: { kind: 'reseller_plan', title: 'Revenda Clientes Ativos 10 — mínimo do primeiro mês', amount: 65 },
    },
    {
      offer: 'a prepaid plan',
      intent: { kind: 'resell', planType: 'prepaid', plan: 'Pacote Pré-pago 300' },
      says: ['Gerei um PIX de **R$ 540,00** para os 300 créditos pré-pagos'],
      pays: { kind: 'reseller_plan', title: 'Revenda Pacote Pré-pago 300 — 300 créditos pré-pagos', amount: 540 },
    },
    {
      offer: 'prepaid credits',
      intent: { kind: 'resell', planType: 'prepaid', credits: 100 },
      says: ['R$ 4,00 por crédito, total de R$ 400,00', 'Gerei um PIX de **R$ 400,00**'],
      pays: { kind: 'credits', title: '100 créditos pré-pagos', amount: 400 },
    },
  ])("$offer: its link quotes it with a PIX of its price, and 'Pagar com PIX' then pays that offer", ({ intent, says, pays }) => {
    const quoted = resellers.analyzeIntent(intent, {});
    for (const text of says) expect(quoted.reply).toContain(text);
    // Prepaid words only for a prepaid offer.
    if (intent.kind === 'resell' && intent.planType !== 'prepaid') expect(quoted.reply).not.toContain('pré-pago');
    expect(quoted.offer).toMatchObject(pays);
    expect(quoted.suggestions).toContain('Pagar com PIX');
    for (const paid of [resellers.analyzeIntent({ kind: 'pay' }, quoted.state), resellers.analyze('Pagar com PIX', quoted.state)]) {
      expect(paid.offer).toMatchObject(pays);
    }
  });

  it('a reseller plan named in a typed question gets its PIX; a client plan chosen afterwards is what gets paid', () => {
    const typed = resellers.analyze('quero o Mensal 100 créditos', {});
    expect(typed.offer).toMatchObject({ kind: 'reseller_plan', amount: 180 });
    const family = resellers.analyze('quero o plano family semestral', typed.state);
    expect(resellers.analyze('Pagar com PIX', family.state).offer).toMatchObject({ kind: 'plan', title: 'Plano Family — Semestral', amount: 270 });
  });

  it('the monthly offers asked for by type: the monthly plans and the question of which one, no prepaid tiers', () => {
    const listed = resellers.analyzeIntent({ kind: 'resell', planType: 'monthly' }, {});
    expect(listed.reply).toContain('Mensal 100 créditos: 100 créditos por R$ 180,00/mês');
    expect(listed.reply).toContain('Qual plano mensal te interessa?');
    expect(listed.reply).not.toContain('Pré-pago');
    expect(listed.suggestions).toEqual(['Mensal 100 créditos', 'Falar com um humano']);
    expect(listed.offer).toBeNull();
  });
});

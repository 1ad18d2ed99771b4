// A PIX offered in a conversation is for what the customer chose there: a plan and its period,
// credits, or an app activation. 'Pagar com PIX' (typed, a suggestion or the PIX shortcut) never
// charges a fixed amount; with nothing chosen, the assistant asks what to pay for.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatExchange } from '@vitrine/domain/chat';
import type { ChatIntent } from '@vitrine/domain/chat-intent';
import { parseBrCode } from '@vitrine/domain/pix';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { plans, resellerPlans, streamingApps } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';
import { configurePixRecipient, newVisitor, type Visitor } from './chat.test-support.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp({ env: adminEnv });
  await t.database.db.insert(plans).values([
    { name: 'Básico', priceMonthly: 35, features: ['+500 canais ao vivo'] },
    { name: 'Family', priceMonthly: 50, priceSemiannual: 270, features: ['4 telas'] },
  ]);
  // The client price is 1.5 × the reseller price: R$ 30,00 for the client, R$ 20,00 for a reseller.
  await t.database.db.insert(streamingApps).values({ name: 'Kids Play', category: 'infantil', price: 20, description: 'Desenhos e filmes para crianças.' });
  await t.database.db.insert(resellerPlans).values([
    { name: 'Mensal 100 créditos', type: 'monthly', credits: 100, price: 180, features: ['100 créditos por mês', 'Painel de revenda'] },
    {
      name: 'Clientes Ativos 10',
      type: 'active_users',
      credits: 10,
      price: 65,
      pricePerCredit: 6.5,
      minimumMonthly: 65,
      features: ['Pague só pelos clientes ativos'],
    },
    { name: 'Pacote Pré-pago 300', type: 'prepaid', credits: 300, price: 540, features: ['300 créditos sem validade mensal'] },
  ]);
  await configurePixRecipient(t.database.db);
});
afterEach(() => t.close());

const amountOf = (exchange: ChatExchange) => {
  const parsed = parseBrCode(exchange.reply.pix!.brCode);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.fields.get('54');
};

async function say(visitor: Visitor, body: { text: string } | { intent: ChatIntent }): Promise<ChatExchange> {
  const response = await visitor.say(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ChatExchange;
}

const adminIntents = async () => {
  const admin = await signInAsAdmin(t.app);
  const response = await t.app.inject({ method: 'GET', url: '/api/chat/admin/payment-intents', headers: { cookie: admin } });
  return (response.json() as { items: { kind: string; itemName: string; amount: number }[] }).items;
};

describe("'Pagar com PIX' charges what the customer chose", () => {
  it('right after Family semestral was quoted, the PIX shortcut charges R$ 270,00 for Family semestral', async () => {
    const visitor = await newVisitor(t.app, { contact: true });
    const quoted = await visitor.ask('quero o plano family semestral');
    expect(quoted.reply.content).toContain('Plano Family — Semestral');
    expect(amountOf(quoted)).toBe('270.00');

    // The shortcut states the visitor's wish in the conversation and the assistant answers it.
    const paid = await say(visitor, { intent: { kind: 'pay' } });
    expect(paid.userMessage.content).toBe('Quero pagar com PIX.');
    expect(paid.reply.pix).toMatchObject({ title: 'Plano Family — Semestral', value: 270 });
    expect(amountOf(paid)).toBe('270.00');

    // Typed or tapped as a suggestion, the same.
    const typed = await visitor.ask('Pagar com PIX');
    expect(typed.reply.pix).toMatchObject({ title: 'Plano Family — Semestral', value: 270 });
  });

  it('with nothing chosen yet, asks what to pay for and offers no PIX', async () => {
    const visitor = await newVisitor(t.app);
    for (const body of [{ intent: { kind: 'pay' } } as const, { text: 'Pagar com PIX' }]) {
      const { reply } = await say(visitor, body);
      expect(reply.pix).toBeNull();
      expect(reply.content).toContain('me diga primeiro o que você quer pagar');
      expect(reply.suggestions).toEqual(expect.arrayContaining(['Básico', 'Family', 'Ativar um app']));
    }
    expect(await adminIntents()).toEqual([]);
  });

  it('charges the credits a reseller chose', async () => {
    const visitor = await newVisitor(t.app, { contact: true });
    await visitor.ask('quero revender');
    await visitor.ask('100');
    const paid = await say(visitor, { intent: { kind: 'pay' } });
    expect(paid.reply.pix).toMatchObject({ title: '100 créditos pré-pagos', value: 400 });
  });
});

describe('activating an app in the chat ends in a PIX', () => {
  it("'Ativar' (client price) gets a PIX for the activation, which the admin sees as such", async () => {
    const visitor = await newVisitor(t.app, { contact: true });
    const exchange = await say(visitor, { intent: { kind: 'activate', app: 'Kids Play', mode: 'cliente' } });
    expect(exchange.reply.content).toContain('R$ 30,00 para cliente final');
    expect(exchange.reply.content).toContain('Gerei um PIX de **R$ 30,00** para a ativação');
    expect(exchange.reply.pix).toMatchObject({ title: 'Ativação do app Kids Play — cliente final', value: 30 });
    expect(amountOf(exchange)).toBe('30.00');
    expect(await adminIntents()).toEqual([expect.objectContaining({ kind: 'activation', itemName: 'Ativação do app Kids Play — cliente final', amount: 30 })]);

    // 'Pagar com PIX' afterwards charges the same activation.
    const again = await visitor.ask('Pagar com PIX');
    expect(again.reply.pix).toMatchObject({ title: 'Ativação do app Kids Play — cliente final', value: 30 });
  });

  it("'Ativar Agora' at the reseller price gets a PIX of the reseller price", async () => {
    const visitor = await newVisitor(t.app, { contact: true });
    const exchange = await say(visitor, { intent: { kind: 'activate', app: 'Kids Play', mode: 'revendedor' } });
    expect(exchange.reply.pix).toMatchObject({ title: 'Ativação do app Kids Play — revendedor', value: 20 });
  });

  it("'Falar com o suporte' on the activation page lists the apps, and the one chosen gets its PIX", async () => {
    const visitor = await newVisitor(t.app, { contact: true });
    const help = await say(visitor, { intent: { kind: 'support', about: 'activation' } });
    expect(help.userMessage.content).toBe('Preciso de ajuda para ativar um app.');
    expect(help.reply.content).toContain('Kids Play');
    expect(help.reply.suggestions).toContain('Kids Play');
    const chosen = await visitor.ask('Kids Play');
    expect(chosen.reply.pix).toMatchObject({ title: 'Ativação do app Kids Play — cliente final', value: 30 });
  });

  it('choosing a plan afterwards pays for the plan, not the app', async () => {
    const visitor = await newVisitor(t.app, { contact: true });
    await say(visitor, { intent: { kind: 'activate', app: 'Kids Play', mode: 'cliente' } });
    await visitor.ask('quero o plano family semestral');
    const paid = await visitor.ask('Pagar com PIX');
    expect(paid.reply.pix).toMatchObject({ title: 'Plano Family — Semestral', value: 270 });
  });
});

describe('a reseller plan ends in a PIX for its price', () => {
  it("the monthly plan's link quotes its first month with a PIX; 'Pagar com PIX' (typed or the shortcut) then pays that plan, a reseller plan for the admin", async () => {
    const visitor = await newVisitor(t.app, { contact: true });
    const quoted = await say(visitor, { intent: { kind: 'resell', planType: 'monthly', plan: 'Mensal 100 créditos' } });
    expect(quoted.reply.content).toContain('Gerei um PIX de **R$ 180,00** para o primeiro mês (100 créditos)');
    expect(quoted.reply.content).not.toContain('pré-pago');
    expect(quoted.reply.pix).toMatchObject({ title: 'Revenda Mensal 100 créditos — primeiro mês', value: 180 });
    expect(amountOf(quoted)).toBe('180.00');

    for (const body of [{ text: 'Pagar com PIX' }, { intent: { kind: 'pay' } } as const]) {
      const paid = await say(visitor, body);
      expect(paid.reply.content).not.toContain('me diga primeiro o que você quer pagar');
      expect(paid.reply.pix).toMatchObject({ title: 'Revenda Mensal 100 créditos — primeiro mês', value: 180 });
    }
    expect(await adminIntents()).toEqual(
      Array(3).fill(expect.objectContaining({ kind: 'reseller_plan', itemName: 'Revenda Mensal 100 créditos — primeiro mês', amount: 180 })),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  ACTIVE_USER_PLANS,
  clampCredits,
  CREDIT_LIMITS,
  CREDIT_SLIDER,
  MONTHLY_RESELLER_PLANS,
  prepaidPricePerCredit,
  prepaidTotal,
  serverBadge,
  serverProduct,
  serverTotal,
} from './resellers.ts';

describe('prepaid credits', () => {
  it.each([
    [1, 6, 6],
    [10, 6, 60],
    [49, 6, 294],
    [50, 5, 250],
    [79, 5, 395],
    [80, 4, 320],
    [100, 4, 400],
    [174, 4, 696],
    [175, 2, 350],
    [300, 2, 600],
    [1000, 2, 2000],
  ])('%s credits cost R$ %s each, R$ %s in total', (credits, perCredit, total) => {
    expect(prepaidPricePerCredit(credits)).toBe(perCredit);
    expect(prepaidTotal(credits)).toBe(total);
  });

  it('falls back to the last tier below the first minimum', () => {
    expect(prepaidPricePerCredit(0)).toBe(6);
  });

  it('has the slider and credit bounds of the specification', () => {
    expect(CREDIT_SLIDER).toEqual({ min: 10, max: 300, step: 10, defaultValue: 100 });
    expect(CREDIT_LIMITS).toEqual({ min: 1, max: 1000 });
  });

  it.each([
    [0, 1],
    [-5, 1],
    [1, 1],
    [500.4, 500],
    [1000, 1000],
    [5000, 1000],
    [Number.NaN, 1],
  ])('clamps %s credits to %s', (credits, expected) => {
    expect(clampCredits(credits)).toBe(expected);
  });
});

describe('reseller plan tables', () => {
  it('monthly plans: 50→120, 100→180, 150→240, 200→300', () => {
    expect(MONTHLY_RESELLER_PLANS.map(({ credits, price }) => [credits, price])).toEqual([
      [50, 120],
      [100, 180],
      [150, 240],
      [200, 300],
    ]);
  });

  it('active-user plans: 5@7 min 35, 10@6.5 min 65, 20@6 min 120', () => {
    expect(ACTIVE_USER_PLANS.map((plan) => [plan.credits, plan.pricePerCredit, plan.minimumMonthly])).toEqual([
      [5, 7, 35],
      [10, 6.5, 65],
      [20, 6, 120],
    ]);
  });
});

describe('server cards', () => {
  it.each([
    ['Planos UniTV', 'UniTV'],
    ['Planos P2P Premium', 'P2P Premium'],
    ['Planos ', null],
    ['Fornecedores', null],
    ['planos unitv', null],
  ])('category %j → product %j', (category, product) => {
    expect(serverProduct(category)).toBe(product);
  });

  it.each([
    [100, 4.5, 450],
    [30, 6, 180],
    [3, 3.33, 9.99],
    // 3 × 3.335 is 10.004999… in floating point; the exact 10.005 rounds up.
    [3, 3.335, 10.01],
    [0, 5, 0],
  ])('%s credits × R$ %s = R$ %s', (qtd, cost, total) => {
    expect(serverTotal(qtd, cost)).toBe(total);
  });

  const none = { prePago: false, posPago: false, clientesAtivos: false, mensalista: false };
  it.each([
    [{ ...none, prePago: true, posPago: true, clientesAtivos: true, mensalista: true }, 'Pré-pago'],
    [{ ...none, posPago: true, mensalista: true }, 'Pós-pago'],
    [{ ...none, clientesAtivos: true, mensalista: true }, 'Clientes Ativos'],
    [{ ...none, mensalista: true }, 'Mensalista'],
    [none, 'Padrão'],
  ])('badge of %j is %s', (flags, badge) => {
    expect(serverBadge(flags)).toBe(badge);
  });
});

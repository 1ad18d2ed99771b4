import { describe, expect, it } from 'vitest';
import { addMoney, divideMoney, formatBRL, fromCents, multiplyMoney, roundMoney, toCents, wholePercent } from './money.ts';

describe('money', () => {
  it.each([
    [1234.56, 'R$ 1.234,56'],
    [35, 'R$ 35,00'],
    [0, 'R$ 0,00'],
    [99.745, 'R$ 99,75'],
    [1000000, 'R$ 1.000.000,00'],
    [10.075, 'R$ 10,08'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatBRL(value)).toBe(expected);
  });

  it.each([
    [0.1 + 0.2, 0.3],
    [1.005, 1.01],
    [26.666666, 26.67],
    [-1.234, -1.23],
    // Half a cent rounds up, even where the binary float sits just below it.
    [10.075, 10.08],
    [4.015, 4.02],
    [1.115, 1.12],
    [8.345, 8.35],
    [0.005, 0.01],
    [2.675, 2.68],
    // Just under half a cent rounds down.
    [10.0749, 10.07],
    [4.0149999, 4.01],
    // Half away from zero for negative amounts.
    [-10.075, -10.08],
    [-0.005, -0.01],
    ['19.995', 20],
  ])('rounds %s half-up to cents: %s', (value, expected) => {
    expect(roundMoney(value)).toBe(expected);
  });

  it('converts to and from whole cents exactly', () => {
    expect(toCents(10.075)).toBe(1008);
    expect(toCents('4.015')).toBe(402);
    expect(toCents(35)).toBe(3500);
    expect(fromCents(1008)).toBe(10.08);
    for (let cents = 0; cents <= 100_000; cents += 7) expect(toCents(fromCents(cents))).toBe(cents);
  });

  it('multiplies, divides and adds exactly before rounding once', () => {
    // 3 × 3.335 is 10.004999… in floating point; the exact product is 10.005.
    expect(multiplyMoney(3, 3.335)).toBe(10.01);
    expect(multiplyMoney(40, 12, 85, 0.01)).toBe(408);
    expect(multiplyMoney(2.67, 1.5)).toBe(4.01); // 4.005
    expect(divideMoney(100, 3)).toBe(33.33);
    expect(divideMoney(0.05, 2)).toBe(0.03); // 0.025
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(addMoney(105, -99.75)).toBe(5.25);
  });

  it('gives a whole percentage rounded once', () => {
    expect(wholePercent(72, 480)).toBe(15);
    expect(wholePercent(1.45, 10)).toBe(15); // 14.5
    expect(wholePercent(1.4499, 10)).toBe(14);
    expect(wholePercent(5, 0)).toBe(0);
  });
});

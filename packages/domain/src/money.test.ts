import { describe, expect, it } from 'vitest';
import { formatBRL, roundMoney } from './money.ts';

describe('money', () => {
  it.each([
    [1234.56, 'R$ 1.234,56'],
    [35, 'R$ 35,00'],
    [0, 'R$ 0,00'],
    [99.745, 'R$ 99,75'],
    [1000000, 'R$ 1.000.000,00'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatBRL(value)).toBe(expected);
  });

  it.each([
    [0.1 + 0.2, 0.3],
    [1.005, 1.01],
    [26.666666, 26.67],
    [-1.234, -1.23],
  ])('rounds %s to cents: %s', (value, expected) => {
    expect(roundMoney(value)).toBe(expected);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBRL } from './money.ts';
import { formatDecimal, formatDecimalInput, parseDecimal } from './number-format.ts';

const intl = (fractionDigits: number) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
const intlBRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

describe('formatDecimal', () => {
  it.each([
    [1234, 0, '1.234'],
    [12345678, 0, '12.345.678'],
    [999, 0, '999'],
    [-1234, 0, '-1.234'],
    [8.45, 1, '8,5'],
    [0.05, 1, '0,1'],
    [7, 1, '7,0'],
    [1234.56, 1, '1.234,6'],
    [999.95, 1, '1.000,0'],
    ['10.075', 2, '10,08'],
  ])('%s with %s decimals is %s', (value, digits, expected) => {
    expect(formatDecimal(value, digits)).toBe(expected);
  });

  it('writes what Intl.NumberFormat pt-BR writes with the same decimals', () => {
    const values = fc.oneof(
      fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
      fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }),
      // Values on a rounding edge: k/200 (…,x5 at one decimal and at two).
      fc.integer({ min: -200_000, max: 200_000 }).map((k) => k / 200),
    );
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 3 }), (value, digits) => {
        const expected = intl(digits).format(value);
        // Intl keeps a minus sign on a value that rounds to zero ('-0,0'); the site does not.
        expect(formatDecimal(value, digits)).toBe(/^-[0,]+$/.test(expected) ? expected.slice(1) : expected);
      }),
      { seed: 20261126, numRuns: 5000 },
    );
  });

  it('refuses what is not a number instead of writing NaN', () => {
    expect(() => formatDecimal(Number.NaN)).toThrow();
    expect(() => formatDecimal(Number.POSITIVE_INFINITY)).toThrow();
  });
});

describe('formatBRL', () => {
  it('writes what Intl writes for BRL, with a normal space after the symbol', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const value = cents / 100;
        const expected = intlBRL.format(value).replace(/\u00a0/g, ' ');
        expect(formatBRL(value)).toBe(expected);
      }),
      { seed: 20261126, numRuns: 3000 },
    );
  });

  it('never writes a negative zero', () => {
    expect(formatBRL(-0)).toBe('R$ 0,00');
    expect(formatBRL(-0.004)).toBe('R$ 0,00');
    expect(formatBRL(-0.005)).toBe('-R$ 0,01');
  });
});

describe('parseDecimal', () => {
  it.each([
    ['1.500', 1500],
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['R$ 1.234,56', 1234.56],
    ['R$1.500', 1500],
    ['35', 35],
    ['35,9', 35.9],
    ['4.5', 4.5],
    ['114.00', 114],
    ['1234.56', 1234.56],
    [',5', 0.5],
    ['-12,30', -12.3],
    ['1.000.000', 1_000_000],
    ['  7 ', 7],
    ['0,1', 0.1],
    // As the calculator's fields always read them.
    ['12.500.000', 12_500_000],
    ['19.90', 19.9],
    ['1.5', 1.5],
  ])('reads %s as %s', (text, expected) => {
    expect(parseDecimal(text)).toBe(expected);
  });

  it.each(['', '   ', 'R$ ', 'R$'])('reads %j as no value', (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });

  it.each(['1.23.4', '1,2,3', '12a', '1.2345', '1.500.00', '.', ',', '--1', '1e3', 'Infinity', '1.234.5'])('refuses %j', (text) => {
    expect(parseDecimal(text)).toBeNaN();
  });

  it('reads back what formatDecimal and formatBRL write, for every amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 }), (cents) => {
        const value = cents / 100;
        expect(parseDecimal(formatDecimal(value, 2))).toBe(value);
        expect(parseDecimal(formatBRL(value).replace('-R$ ', '-'))).toBe(value);
        // Typed without the thousands dots.
        expect(parseDecimal(formatDecimal(value, 2).replace(/\./g, ''))).toBe(value);
      }),
      { seed: 20261126, numRuns: 5000 },
    );
  });

  it('reads whole numbers written with thousands dots as thousands, never as decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 2_000_000_000 }), (value) => {
        expect(parseDecimal(formatDecimal(value, 0))).toBe(value);
      }),
      { seed: 20261126, numRuns: 2000 },
    );
  });
});

describe('formatDecimalInput', () => {
  it.each([
    [4.5, undefined, '4,5'],
    [114, 2, '114,00'],
    [1500, 2, '1.500,00'],
    [1234.56, undefined, '1.234,56'],
    [null, 2, ''],
    [Number.NaN, 2, ''],
    [12.125, undefined, '12,125'],
  ])('%s with %s decimals shows %j', (value, digits, expected) => {
    expect(formatDecimalInput(value as number | null, digits)).toBe(expected);
  });

  it('round-trips through parseDecimal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }).map((k) => k / 1000),
        (value) => {
          expect(parseDecimal(formatDecimalInput(value))).toBe(value);
        },
      ),
      { seed: 20261126, numRuns: 3000 },
    );
  });
});

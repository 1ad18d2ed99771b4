import { describe, expect, it } from 'vitest';
import { readNumber } from './calculator-tab';

describe('numbers as typed in the calculator', () => {
  it.each([
    ['120', 120],
    ['1.000', 1000],
    ['12.500.000', 12_500_000],
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['19.90', 19.9],
    ['20.5', 20.5],
    ['1.5', 1.5],
    ['', undefined],
    ['  ', undefined],
  ])('%j → %s', (text, value) => {
    expect(readNumber(text)).toBe(value);
  });

  it('leaves what is not a number for the form to refuse', () => {
    expect(readNumber('abc')).toBeNaN();
  });
});

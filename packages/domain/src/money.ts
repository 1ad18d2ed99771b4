import Big from 'big.js';
import { formatDecimal } from './number-format.ts';

// Made on first use: a browser's first Intl formatter loads its locale data (tens of milliseconds on
// a phone), and a page that shows no date should not pay for it.
let dateFormatter: Intl.DateTimeFormat | undefined;
let dateTimeFormatter: Intl.DateTimeFormat | undefined;
let isoDayFormatter: Intl.DateTimeFormat | undefined;

/** The day in São Paulo, as yyyy-mm-dd. */
export const saoPauloDay = (at: Date = new Date()): string =>
  (isoDayFormatter ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' })).format(at);

// Money arithmetic is exact: amounts are decimals (big.js), rounded once, half-up (half away from
// zero), to whole cents. A JavaScript number in an API body stands for its shortest decimal text
// (10.075 is "10.075", not 10.07499999…), which is how big.js reads it.
type Amount = number | string | Big;

/** An amount in whole cents (an integer). */
export type Cents = number;

const toBig = (value: Amount): Big => (value instanceof Big ? value : new Big(value));

/** The amount in whole cents, rounded half-up: 10.075 → 1008, 4.015 → 402. */
export function toCents(value: Amount): Cents {
  return toBig(value).times(100).round(0, Big.roundHalfUp).toNumber();
}

/** Reais from whole cents: 1008 → 10.08. */
export function fromCents(cents: Cents): number {
  return new Big(cents).div(100).toNumber();
}

/** Rounds to cents, half-up: 10.075 → 10.08, 4.015 → 4.02, 0.1 + 0.2 → 0.3. */
export function roundMoney(value: Amount): number {
  return fromCents(toCents(value));
}

/** The exact product of the factors, rounded half-up to cents: multiplyMoney(3, 3.335) → 10.01. */
export function multiplyMoney(...factors: [Amount, ...Amount[]]): number {
  const [first, ...rest] = factors;
  return roundMoney(rest.reduce<Big>((product, factor) => product.times(toBig(factor)), toBig(first)));
}

/** The exact quotient, rounded half-up to cents: divideMoney(100, 3) → 33.33. */
export function divideMoney(value: Amount, divisor: Amount): number {
  return roundMoney(toBig(value).div(toBig(divisor)));
}

/** part / whole as a whole percentage, rounded half-up once (0 when whole is 0). */
export function wholePercent(part: Amount, whole: Amount): number {
  const denominator = toBig(whole);
  return denominator.eq(0) ? 0 : toBig(part).times(100).div(denominator).round(0, Big.roundHalfUp).toNumber();
}

/** The exact sum or difference of amounts, in reais: addMoney(0.1, 0.2) → 0.3. */
export function addMoney(...values: Amount[]): number {
  return roundMoney(values.reduce<Big>((sum, value) => sum.plus(toBig(value)), new Big(0)));
}

/** `R$ 1.234,56` — with a normal space after the symbol, as the specification writes it. */
export function formatBRL(value: Amount): string {
  const amount = toBig(value).round(2, Big.roundHalfUp);
  return `${amount.lt(0) ? '-' : ''}R$ ${formatDecimal(amount.abs(), 2)}`;
}

export function formatDate(value: Date | string): string {
  dateFormatter ??= new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });
  return dateFormatter.format(typeof value === 'string' ? new Date(value) : value);
}

export function formatDateTime(value: Date | string): string {
  dateTimeFormatter ??= new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });
  return dateTimeFormatter.format(typeof value === 'string' ? new Date(value) : value).replace(',', '');
}

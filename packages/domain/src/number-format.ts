// Numbers as the site writes them in Brazilian Portuguese ('1.234,5'), without Intl: a browser's
// first Intl call loads its locale data, which costs a phone tens of milliseconds of blocked page,
// and the public pages format prices, ratings and votes on their first render. The output is the
// same as Intl.NumberFormat('pt-BR') with a fixed number of decimals (a test compares the two),
// except that a value which rounds to zero never carries a minus sign.
import Big from 'big.js';

/**
 * `value` rounded half away from zero to `fractionDigits` decimals (on its shortest decimal text, as
 * Intl does: 8.45 → '8,5'), thousands grouped with '.', decimals after ','.
 */
export function formatDecimal(value: number | string | Big, fractionDigits = 0): string {
  const rounded = new Big(value).round(fractionDigits, Big.roundHalfUp);
  const [whole = '0', fraction] = rounded.abs().toFixed(fractionDigits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.');
  const sign = rounded.lt(0) ? '-' : '';
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped},${fraction}`;
}

/**
 * A number as people type it in Brazil: '1.234,56', '1234,56', 'R$ 1.500' (one thousand five hundred:
 * dots between groups of three digits are thousands) and, pasted from elsewhere, '1234.56' (one dot
 * followed by one or two digits is the decimal point). An empty field is `undefined`; anything else
 * that is not a number ('1.23.4', '1,2,3', '12a') is NaN, so a schema refuses it with its message.
 */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.replace(/^\s*R\$\s*/i, '').replace(/\s+/g, '');
  if (trimmed === '') return undefined;
  const match = /^([+-]?)(.*)$/.exec(trimmed)!;
  const sign = match[1] === '-' ? '-' : '';
  const body = match[2]!;
  let normalised: string | undefined;
  if (/^\d+(,\d+)?$/.test(body)) normalised = body.replace(',', '.');
  // Thousands grouped with dots, decimals (if any) after the comma.
  else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(body)) normalised = body.replace(/\./g, '').replace(',', '.');
  // Written the English way: one dot and one or two decimals ('4.5', '1234.56').
  else if (/^\d+\.\d{1,2}$/.test(body)) normalised = body;
  // Leading comma: ',5' is half.
  else if (/^,\d+$/.test(body)) normalised = `0${body.replace(',', '.')}`;
  if (normalised === undefined) return Number.NaN;
  return Number(new Big(`${sign}${normalised}`).toString());
}

/**
 * The text an input shows for a number: grouped and with a decimal comma ('1.234,56'), with
 * `fractionDigits` decimals when given (money: 2), else with as many as the value has (4,5 — never '4.5').
 */
export function formatDecimalInput(value: number | null | undefined, fractionDigits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  if (fractionDigits !== undefined) return formatDecimal(value, fractionDigits);
  const decimals = new Big(value).toString().split('.')[1]?.length ?? 0;
  return formatDecimal(value, decimals);
}

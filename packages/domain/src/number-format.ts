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

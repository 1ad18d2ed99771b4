// Exact decimal checks and percentages shared by the pricing rules. Numbers are read as their
// shortest decimal text (29.9 is "29.9"), as big.js and the money helpers read them.
import Big from 'big.js';

/** Whether the number has at most `places` decimals: 29.9 has 1; 0.1 + 0.2 (0.30000000000000004) has 17. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const scaled = new Big(value).times(new Big(10).pow(places));
  return scaled.eq(scaled.round(0, Big.roundDown));
}

/** part / whole × 100, exact, rounded half-up once to 2 decimals; 0 when whole is 0. */
export function percentOf(part: Big.BigSource, whole: Big.BigSource): number {
  const denominator = new Big(whole);
  if (denominator.eq(0)) return 0;
  return new Big(part).times(100).div(denominator).round(2, Big.roundHalfUp).toNumber();
}

/** value × (1 − percent / 100), exact. */
export function applyDiscount(value: Big.BigSource, percent: number): Big {
  return new Big(value).times(new Big(100).minus(percent)).div(100);
}

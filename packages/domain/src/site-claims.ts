// What the shop claims about itself (home, /sobre, /funcionalidades, the assistant): one source per
// claim, so no page contradicts another. Free of schemas: the marketing pages' first load reads them.
import { formatDecimal } from './number-format.ts';

/** The service's availability, in percent. The specification quoted 98 % on / and 99.9 % on /sobre; the shop states one figure. */
export const UPTIME_PERCENT = 99.9;

/** '99,9%': a percentage written the Brazilian way, with as many decimals as it has (at most two). */
export function formatPercent(value: number): string {
  const decimals = Number.isInteger(value) ? 0 : Number.isInteger(value * 10) ? 1 : 2;
  return `${formatDecimal(value, decimals)}%`;
}

export const SITE_CLAIMS = {
  /** '99,9%'. */
  uptime: formatPercent(UPTIME_PERCENT),
  activeUsers: '50K+',
  titles: '10K+',
  aiResponse: '<500ms',
} as const;
// No free trial is offered anywhere (no trial plan, nothing in the chat), so none is advertised.

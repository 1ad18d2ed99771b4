// better-auth's logger, through ours: its lines go through the server's redaction layer (it passes
// the failing query's error, SQL parameters and all, as arguments), and an unreachable database is
// counted by the outage monitor instead of logging one error per request for as long as it lasts.
import type { BetterAuthOptions } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import type { OutageMonitor } from '../../db/outage.ts';
import { isDatabaseUnreachable } from '../../shared/errors.ts';

export type AuthOutage = Pick<OutageMonitor, 'reportUnreachable'>;

/** True when the error was an unreachable database, now counted by the monitor (and not to be logged). */
export function countedAsOutage(outage: AuthOutage | undefined, error: unknown): boolean {
  if (!outage || !isDatabaseUnreachable(error)) return false;
  outage.reportUnreachable(error, 'auth');
  return true;
}

export function betterAuthLogger(logger: FastifyBaseLogger, outage?: AuthOutage): NonNullable<BetterAuthOptions['logger']> {
  return {
    // better-auth's debug and info lines are about its own setup; warnings and errors are worth keeping.
    level: 'warn',
    log: (level, message, ...args) => {
      if (args.some((arg) => countedAsOutage(outage, arg))) return;
      const err = args.find((arg) => arg instanceof Error);
      const details = args.filter((arg) => arg !== err);
      const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : level === 'info' ? 'info' : 'debug';
      logger[method]({ ...(err ? { err } : {}), ...(details.length ? { details } : {}) }, `better-auth: ${message}`);
    },
  };
}

// While the database is unreachable every request, job poll and session lookup fails the same way:
// the outage is logged once when it starts (with the first error's reason) and once when it ends
// (found by probing, with how many failures each part saw), never as one line or stack per failure.
import type { FastifyBaseLogger } from 'fastify';
import { databaseErrorMessage, databaseErrorReason } from '../shared/errors.ts';

/** Who met the unreachable database: a request (answered 503), the job runner, or better-auth's own log. */
export type OutageSource = 'requests' | 'jobs' | 'auth';

export interface OutageMonitor {
  readonly isDown: boolean;
  /** Failures counted since the current (or last) outage started. */
  readonly failures: Readonly<Record<OutageSource, number>>;
  /** Something could not reach the database. */
  reportUnreachable(error: unknown, source?: OutageSource): void;
  stop(): void;
}

export interface OutageMonitorOptions {
  /** Resolves when the database answers again. */
  probe: () => Promise<unknown>;
  logger: FastifyBaseLogger;
  probeIntervalMs?: number;
  now?: () => number;
}

const noFailures = (): Record<OutageSource, number> => ({ requests: 0, jobs: 0, auth: 0 });

export function createOutageMonitor({ probe, logger, probeIntervalMs = 1_000, now = Date.now }: OutageMonitorOptions): OutageMonitor {
  let downSince: number | null = null;
  let failures = noFailures();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => void check(), probeIntervalMs);
    timer.unref();
  };

  const check = async () => {
    try {
      await probe();
    } catch {
      timer = undefined;
      schedule();
      return;
    }
    timer = undefined;
    if (downSince === null || stopped) return;
    const failed = failures.requests + failures.jobs + failures.auth;
    logger.info({ durationMs: now() - downSince, failed, failures: { ...failures } }, 'banco de dados de volta');
    downSince = null;
  };

  return {
    get isDown() {
      return downSince !== null;
    },
    get failures() {
      return failures;
    },
    reportUnreachable(error, source = 'requests') {
      if (stopped) return;
      if (downSince !== null) {
        failures[source]++;
        return;
      }
      downSince = now();
      failures = noFailures();
      failures[source]++;
      logger.warn({ reason: databaseErrorReason(error), error: databaseErrorMessage(error), source }, 'banco de dados indisponível');
      schedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

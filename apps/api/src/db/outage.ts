// While the database is unreachable every request fails the same way: the outage is logged once when
// it starts and once when it ends (found by probing), never as one stack trace per request.
import type { FastifyBaseLogger } from 'fastify';
import { databaseErrorReason } from '../shared/errors.ts';

export interface OutageMonitor {
  readonly isDown: boolean;
  /** A request could not reach the database. */
  reportUnreachable(error: unknown): void;
  stop(): void;
}

export interface OutageMonitorOptions {
  /** Resolves when the database answers again. */
  probe: () => Promise<unknown>;
  logger: FastifyBaseLogger;
  probeIntervalMs?: number;
  now?: () => number;
}

export function createOutageMonitor({ probe, logger, probeIntervalMs = 1_000, now = Date.now }: OutageMonitorOptions): OutageMonitor {
  let downSince: number | null = null;
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
    logger.info({ durationMs: now() - downSince }, 'banco de dados de volta');
    downSince = null;
  };

  return {
    get isDown() {
      return downSince !== null;
    },
    reportUnreachable(error) {
      if (downSince !== null || stopped) return;
      downSince = now();
      logger.warn({ reason: databaseErrorReason(error) }, 'banco de dados indisponível');
      schedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

// Runs due jobs. Every instance runs one runner; they share the work through the jobs table:
// a claim is one UPDATE over rows picked with FOR UPDATE SKIP LOCKED, which hands each row to one
// worker and gives it a lease (locked_until) that a heartbeat renews while the job runs. A worker
// killed outright stops renewing, so the job is claimed again when the lease runs out: delivery is
// at least once. Every claim is recorded in job_attempts with how it ended.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, DatabaseHandle, Transaction } from '../../db/client.ts';
import type { OutageMonitor } from '../../db/outage.ts';
import { runInBackground } from '../../db/priority.ts';
import { isDatabaseUnreachable } from '../errors.ts';
import { defaultRetryPolicy, retryDelayMs, type RetryPolicy } from './backoff.ts';
import { createJobsRepository, type JobOutcome, type JobRow } from './jobs.repository.ts';
import { JOBS_CHANNEL } from './queue.ts';

export interface JobContext {
  jobId: string;
  /** 1-based; a run interrupted by a crash counts as an attempt. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the instance shuts down and the grace period is over. */
  signal: AbortSignal;
}

export type JobResult =
  | { ok: true; statusCode?: number }
  | {
      ok: false;
      error: string;
      statusCode?: number;
      retryAfterMs?: number;
      permanent?: boolean;
      /**
       * Not a failure: the job cannot run yet (another must go first) and is queued again this many
       * milliseconds later, without using up one of its attempts.
       */
      deferMs?: number;
    };

export type JobSettlement =
  { state: 'succeeded' } | { state: 'retrying'; error: string; runAt: Date } | { state: 'failed'; error: string } | { state: 'released' };

export interface JobHandler<P> {
  /** The stored payload is checked before running; a payload that does not fit fails the job. */
  payload: z.ZodType<P>;
  run(payload: P, context: JobContext): Promise<JobResult>;
  /**
   * What of the payload the job keeps once it has succeeded, written with its success: a payload
   * that holds secrets (single-use links in a mail) need not outlive the send. Absent: all of it.
   */
  keepAfterSuccess?(payload: P): Record<string, unknown>;
  /**
   * Runs in the transaction that settles the job, so the business rows (a delivery's status) and
   * the job never disagree. `result` is absent when nothing ran (an exhausted interrupted job, a
   * release on shutdown).
   */
  settle?(tx: Transaction, payload: P, outcome: { settlement: JobSettlement; result?: JobResult; durationMs?: number; context: JobContext }): Promise<void>;
}

export type JobHandlers = Record<string, JobHandler<unknown>>;

export interface JobRunnerOptions {
  /** Jobs run at the same time by this instance. */
  concurrency: number;
  /**
   * Without change notifications (none, or their connection lost), how often the runner looks for due jobs.
   * With them, it sleeps until the next job it knows of is due, a new job wakes it, and it looks at least
   * every `idlePollMs` (another instance's retry, a notification lost in a reconnect).
   */
  pollIntervalMs: number;
  idlePollMs: number;
  leaseMs: number;
  /** On shutdown, how long running jobs may still finish before they are aborted and released. */
  shutdownGraceMs: number;
  retry: RetryPolicy;
  workerId: string;
}

export const defaultJobRunnerOptions = (): JobRunnerOptions => ({
  concurrency: 4,
  pollIntervalMs: 1_000,
  idlePollMs: 30_000,
  leaseMs: 30_000,
  shutdownGraceMs: 10_000,
  retry: defaultRetryPolicy,
  workerId: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
});

export interface JobRunner {
  readonly workerId: string;
  start(): Promise<void>;
  /** Stops claiming, lets running jobs finish within the grace period, then aborts and releases them. */
  stop(): Promise<void>;
  /** Looks for due jobs now instead of at the next poll. */
  wake(): void;
}

const EXHAUSTED = 'A última tentativa foi interrompida e não restam tentativas.';
const SHUTTING_DOWN = 'Interrompida: o servidor está encerrando.';

interface Claimed {
  job: JobRow;
  attemptId: string;
}

interface Running {
  claimed: Claimed;
  controller: AbortController;
  done: Promise<void>;
  settled: boolean;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

export function createJobRunner({
  db,
  listen,
  handlers,
  logger,
  outage,
  options: overrides = {},
}: {
  db: Database;
  listen?: DatabaseHandle['listen'];
  handlers: JobHandlers;
  logger: FastifyBaseLogger;
  /** While the database is unreachable, failed polls are counted there (logged at the outage's start and end). */
  outage?: Pick<OutageMonitor, 'reportUnreachable'>;
  options?: Partial<JobRunnerOptions>;
}): JobRunner {
  const options = { ...defaultJobRunnerOptions(), ...overrides };
  const { workerId, concurrency, leaseMs } = options;
  const kinds = Object.keys(handlers);
  const running = new Map<string, Running>();
  let started = false;
  let stopping = false;
  let stopped: Promise<void> | undefined;
  let ticking: Promise<void> | undefined;
  let again = false;
  let pollTimer: NodeJS.Timeout | undefined;
  /** True while a LISTEN connection is up: new jobs wake the runner, so it need not poll. */
  let notified = false;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  /** An unreachable database is one outage, logged by the monitor, not a stack per poll. */
  function countedAsOutage(error: unknown): boolean {
    if (!outage || !isDatabaseUnreachable(error)) return false;
    outage.reportUnreachable(error, 'jobs');
    return true;
  }

  // Only kinds this instance can run: during a rolling deploy an older instance leaves new kinds alone.
  async function claim(limit: number): Promise<Claimed[]> {
    return db.transaction((tx) => createJobsRepository(tx).claimDue({ kinds, excluding: [...running.keys()], limit, workerId, leaseMs }));
  }

  /**
   * Milliseconds until the next job of these kinds is due (a queued job's run_at, a running job's lease
   * of another worker), by the database's clock; undefined when there is none.
   */
  async function nextDueInMs(): Promise<number | undefined> {
    return createJobsRepository(db).nextDueInMs({ kinds, excluding: [...running.keys()] });
  }

  /**
   * The next look at the table: when the next known job is due, capped by how often the runner must look
   * (`failed`: the last look failed, so the next is at the polling pace).
   */
  function schedule(dueInMs: number | undefined, failed = false) {
    clearTimeout(pollTimer);
    if (!started || stopping) return;
    const ceiling = notified && !failed ? options.idlePollMs : options.pollIntervalMs;
    const delay = Math.min(ceiling, Math.max(dueInMs ?? ceiling, 10));
    pollTimer = setTimeout(wake, delay).unref();
  }

  function decide(result: JobResult, job: Claimed['job']): { settlement: 'succeeded' | 'failed' } | { settlement: 'retrying'; delayMs: number } {
    if (result.ok) return { settlement: 'succeeded' };
    if (result.permanent || job.attempts >= job.maxAttempts) return { settlement: 'failed' };
    return {
      settlement: 'retrying',
      delayMs: retryDelayMs(job.attempts, options.retry, { retryAfterMs: result.retryAfterMs }),
    };
  }

  /** Writes how the run ended; returns false when the lease was lost (another worker owns the job). */
  async function settle(
    entry: Running,
    hook: JobHandler<unknown>['settle'],
    payload: unknown,
    outcome: JobOutcome,
    result: JobResult | undefined,
    durationMs: number | undefined,
    error: string | undefined,
  ): Promise<boolean> {
    const { job, attemptId } = entry.claimed;
    return db.transaction(async (tx) => {
      const row = await createJobsRepository(tx).settle({ job, attemptId, workerId, outcome, error, durationMs, statusCode: result?.statusCode });
      if (!row) return false;
      const settlement: JobSettlement =
        outcome.kind === 'retrying'
          ? { state: 'retrying', error: error ?? '', runAt: row.runAt }
          : outcome.kind === 'failed'
            ? { state: 'failed', error: error ?? '' }
            : outcome.kind === 'deferred'
              ? { state: 'released' }
              : { state: outcome.kind };
      await hook?.(tx, payload, { settlement, result, durationMs, context: contextOf(entry) });
      return true;
    });
  }

  function contextOf(entry: Running): JobContext {
    const { job } = entry.claimed;
    return { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, signal: entry.controller.signal };
  }

  async function execute(entry: Running): Promise<void> {
    const { job } = entry.claimed;
    const handler = handlers[job.kind]!;
    const settleHook = handler.settle?.bind(handler);
    const log = logger.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    try {
      const parsed = handler.payload.safeParse(job.payload);
      if (!parsed.success) {
        log.error({ issues: parsed.error.issues }, 'tarefa com dados inválidos: descartada');
        entry.settled = await settle(entry, undefined, job.payload, { kind: 'failed' }, undefined, undefined, 'Dados da tarefa inválidos.');
        return;
      }
      if (job.attempts > job.maxAttempts) {
        log.warn('tarefa interrompida sem tentativas restantes: marcada como falha');
        entry.settled = await settle(entry, settleHook, parsed.data, { kind: 'failed' }, undefined, undefined, EXHAUSTED);
        return;
      }
      const startedAt = performance.now();
      let result: JobResult;
      try {
        result = await handler.run(parsed.data, contextOf(entry));
      } catch (error) {
        result = { ok: false, error: errorMessage(error) };
      }
      const durationMs = Math.round(performance.now() - startedAt);
      if (!result.ok && entry.controller.signal.aborted) {
        entry.settled = await settle(entry, settleHook, parsed.data, { kind: 'released' }, undefined, durationMs, SHUTTING_DOWN);
        log.info('tarefa devolvida à fila: o servidor está encerrando');
        return;
      }
      if (!result.ok && result.deferMs !== undefined) {
        entry.settled = await settle(entry, settleHook, parsed.data, { kind: 'deferred', delayMs: result.deferMs }, result, durationMs, result.error);
        return;
      }
      const decision = decide(result, job);
      const outcome =
        decision.settlement === 'retrying'
          ? { kind: 'retrying' as const, delayMs: decision.delayMs }
          : decision.settlement === 'succeeded'
            ? { kind: 'succeeded' as const, keep: handler.keepAfterSuccess?.(parsed.data) }
            : { kind: decision.settlement };
      const owned = await settle(entry, settleHook, parsed.data, outcome, result, durationMs, result.ok ? undefined : result.error);
      entry.settled = true;
      if (!owned) log.warn('a reserva da tarefa expirou durante a execução; outro processo a retomou');
      else if (!result.ok) log.warn({ error: result.error, outcome: outcome.kind }, 'tarefa falhou');
    } catch (error) {
      // The job stays reserved; when its lease runs out it is claimed again (at least once).
      if (!countedAsOutage(error)) log.error({ err: error }, 'falha ao registrar o resultado da tarefa');
    }
  }

  function launch(claimed: Claimed) {
    const entry: Running = { claimed, controller: new AbortController(), done: Promise.resolve(), settled: false };
    running.set(claimed.job.id, entry);
    entry.done = execute(entry).finally(() => {
      running.delete(claimed.job.id);
      wake();
    });
  }

  async function tick(): Promise<void> {
    try {
      do {
        again = false;
        const free = concurrency - running.size;
        if (free <= 0 || stopping) break;
        const claimed = await claim(free);
        for (const item of claimed) launch(item);
        if (claimed.length === free) again = true;
      } while (again && !stopping);
      // Every slot busy: a finished job wakes the runner; otherwise it sleeps until the next due job.
      schedule(running.size >= concurrency ? undefined : await nextDueInMs());
    } catch (error) {
      schedule(undefined, true);
      if (!countedAsOutage(error)) logger.warn({ err: error }, 'falha ao buscar tarefas; nova tentativa no próximo ciclo');
    }
  }

  function wake() {
    if (!started || stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    // Jobs are background work: their database operations give way to requests' (db/priority.ts).
    ticking = runInBackground(tick).finally(() => {
      ticking = undefined;
      if (again) wake();
    });
  }

  async function heartbeat() {
    const ids = [...running.keys()];
    if (ids.length === 0) return;
    try {
      await createJobsRepository(db).renewLeases(ids, workerId, leaseMs);
    } catch (error) {
      if (!countedAsOutage(error)) logger.warn({ err: error }, 'falha ao renovar a reserva das tarefas em execução');
    }
  }

  async function releaseUnfinished() {
    for (const entry of running.values()) {
      if (entry.settled) continue;
      const { job } = entry.claimed;
      const handler = handlers[job.kind]!;
      const parsed = handler.payload.safeParse(job.payload);
      try {
        const hook = parsed.success ? handler.settle?.bind(handler) : undefined;
        await settle(entry, hook, parsed.success ? parsed.data : job.payload, { kind: 'released' }, undefined, undefined, SHUTTING_DOWN);
        entry.settled = true;
      } catch (error) {
        logger.warn({ err: error, jobId: job.id }, 'falha ao devolver a tarefa; ela volta quando a reserva expirar');
      }
    }
  }

  return {
    workerId,
    async start() {
      if (started) return;
      started = true;
      if (kinds.length === 0) return;
      if (listen) {
        try {
          unlisten = await listen(JOBS_CHANNEL, () => wake(), {
            // While the connection is down the runner polls; back, it looks at once (what it missed).
            onConnectionChange(connected) {
              notified = connected;
              if (connected) wake();
              else schedule(undefined);
            },
          });
          notified = true;
        } catch (error) {
          logger.warn({ err: error }, 'sem aviso de novas tarefas; seguindo só com a verificação periódica');
        }
      }
      heartbeatTimer = setInterval(() => void runInBackground(heartbeat), Math.max(Math.floor(leaseMs / 3), 100)).unref();
      wake();
    },
    stop() {
      if (!started) return Promise.resolve();
      stopped ??= (async () => {
        stopping = true;
        clearTimeout(pollTimer);
        await unlisten?.().catch(() => undefined);
        await ticking;
        const all = Promise.all([...running.values()].map((entry) => entry.done));
        const finished = await Promise.race([all.then(() => true), sleep(options.shutdownGraceMs).then(() => false)]);
        if (!finished) {
          for (const entry of running.values()) entry.controller.abort(new Error(SHUTTING_DOWN));
          // A handler that ignores its signal does not hold the shutdown: its job is handed back.
          await Promise.race([all, sleep(2_000)]);
          await releaseUnfinished();
        }
        clearInterval(heartbeatTimer);
      })();
      return stopped;
    },
    wake,
  };
}

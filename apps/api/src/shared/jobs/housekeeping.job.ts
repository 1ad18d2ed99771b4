// Housekeeping: one durable job that deletes what has outlived its use (expired sessions, sign-up and
// reset links, download codes, old access events, finished jobs, visitors' chat files past their retention,
// through `sweeps`) and, as it settles, queues the next
// run one interval later. It is a row in the jobs table like any other, so one instance runs it at a
// time (FOR UPDATE SKIP LOCKED), a crashed run is taken over when its lease ends, and there is never
// more than one waiting: whoever schedules it does so under an advisory lock, after looking.
import { z } from 'zod';
import type { Env } from '../../config/env.ts';
import type { Database, DbExecutor } from '../../db/client.ts';
import { deleteExpiredBatch, HOUSEKEEPING_TASKS, type HousekeepingTask } from './housekeeping.repository.ts';
import { createJobsRepository } from './jobs.repository.ts';
import type { JobHandler } from './runner.ts';

export type { HousekeepingTask };

export const HOUSEKEEPING_JOB = 'housekeeping';

const DAY_MS = 24 * 60 * 60_000;
/** Rows deleted per statement: short transactions that never hold many locks at once. */
export const HOUSEKEEPING_BATCH = 1_000;
/** Batches per task and run; what is left waits for the next run (a backlog never makes one endless run). */
const MAX_BATCHES = 200;
/** Any number fixed for this lock: taken while looking for, then inserting, the next housekeeping job. */
const SCHEDULE_LOCK = 7_268_455;

export interface HousekeepingPolicy {
  intervalMs: number;
  /** How long each kind of row is kept past its expiry (or, for events and jobs, past its moment). */
  keep: Record<HousekeepingTask, number>;
}

export function housekeepingPolicy(env: Env): HousekeepingPolicy {
  return {
    intervalMs: env.HOUSEKEEPING_INTERVAL_MINUTES * 60_000,
    keep: {
      sessions: env.RETAIN_EXPIRED_SESSIONS_DAYS * DAY_MS,
      verifications: env.RETAIN_EXPIRED_LINKS_DAYS * DAY_MS,
      pendingSignups: env.RETAIN_EXPIRED_LINKS_DAYS * DAY_MS,
      downloadCodes: env.RETAIN_EXPIRED_DOWNLOAD_CODES_DAYS * DAY_MS,
      accessEvents: env.RETAIN_ACCESS_EVENTS_DAYS * DAY_MS,
      finishedJobs: env.RETAIN_FINISHED_JOBS_DAYS * DAY_MS,
    },
  };
}

/** Deletes, in batches, every row of each task older than its retention at `now`; returns how many per task. */
export async function runHousekeeping({
  db,
  policy,
  now,
  signal,
  batchSize = HOUSEKEEPING_BATCH,
  onDeleted,
}: {
  db: Database;
  policy: HousekeepingPolicy;
  now: Date;
  signal?: AbortSignal;
  batchSize?: number;
  onDeleted?: (task: HousekeepingTask, count: number) => void;
}): Promise<Record<HousekeepingTask, number>> {
  const deleted = Object.fromEntries(HOUSEKEEPING_TASKS.map((task) => [task, 0])) as Record<HousekeepingTask, number>;
  for (const task of HOUSEKEEPING_TASKS) {
    const cutoff = new Date(now.getTime() - policy.keep[task]);
    for (let batch = 0; batch < MAX_BATCHES && !signal?.aborted; batch++) {
      const count = await deleteExpiredBatch(db, task, cutoff, batchSize);
      deleted[task] += count;
      if (count > 0) onDeleted?.(task, count);
      if (count < batchSize) break;
    }
  }
  return deleted;
}

/** Queues a housekeeping run at `runAt` (now when absent) unless one is already waiting or running (on any instance). */
export async function scheduleHousekeeping(db: DbExecutor, runAt?: Date): Promise<boolean> {
  const insert = async (tx: DbExecutor) => {
    const jobs = createJobsRepository(tx);
    await jobs.lockForTransaction(SCHEDULE_LOCK);
    if (await jobs.hasUnfinished(HOUSEKEEPING_JOB)) return false;
    await jobs.insert({ kind: HOUSEKEEPING_JOB, payload: {}, maxAttempts: 3, runAt });
    return true;
  };
  // Inside the settling transaction this is a savepoint and the lock is held until that one commits.
  return db.transaction(insert);
}

/**
 * Housekeeping that is more than deleting rows (a module's files and the rows that point at them, say): run after the
 * table tasks in the same job, with the same clock; each returns how many items it deleted.
 */
export type HousekeepingSweep = (now: Date, signal: AbortSignal) => Promise<number>;

export function createHousekeepingHandler(deps: {
  db: Database;
  policy: HousekeepingPolicy;
  clock: () => Date;
  logger: { info: (object: object, message: string) => void };
  onDeleted?: (task: string, count: number) => void;
  sweeps?: Record<string, HousekeepingSweep>;
}): JobHandler<Record<string, unknown>> {
  return {
    payload: z.record(z.string(), z.unknown()),
    async run(_payload, context) {
      const now = deps.clock();
      const deleted: Record<string, number> = await runHousekeeping({
        db: deps.db,
        policy: deps.policy,
        now,
        signal: context.signal,
        onDeleted: deps.onDeleted,
      });
      for (const [name, sweep] of Object.entries(deps.sweeps ?? {})) {
        if (context.signal.aborted) break;
        deleted[name] = await sweep(now, context.signal);
        if (deleted[name] > 0) deps.onDeleted?.(name, deleted[name]);
      }
      const total = Object.values(deleted).reduce((sum, count) => sum + count, 0);
      if (total > 0) deps.logger.info({ deleted }, 'limpeza automática concluída');
      return { ok: true };
    },
    // The next run is queued with this one's ending, in the same transaction: never none, never two.
    async settle(tx, _payload, { settlement }) {
      if (settlement.state === 'succeeded' || settlement.state === 'failed') {
        await scheduleHousekeeping(tx, new Date(deps.clock().getTime() + deps.policy.intervalMs));
      }
    },
  };
}

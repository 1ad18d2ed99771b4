// The outbox side of jobs: a job is a row written in the caller's transaction, so it exists exactly
// when the business row that caused it does (a crash between the two cannot lose or invent one).
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

/** NOTIFY channel raised when a transaction that inserted jobs commits (a migration installs it). */
export const JOBS_CHANNEL = 'vitrine_jobs';

export const DEFAULT_MAX_ATTEMPTS = 3;

/**
 * Finished jobs are kept a week, long enough to look into a failure, then deleted with their
 * attempts: a payload may hold personal data (an e-mail's address and text).
 */
export const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60_000;

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  maxAttempts?: number;
  runAt?: Date;
}

export async function enqueueJob(tx: DbExecutor, job: NewJob): Promise<{ id: string }> {
  const [row] = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      ...(job.runAt ? { runAt: job.runAt } : {}),
    })
    .returning({ id: jobs.id });
  return row!;
}

/**
 * Deletes the jobs that finished more than `keepMs` ago, in one statement on jobs_finished_idx; their
 * attempts go with them (ON DELETE CASCADE). Returns how many jobs were deleted.
 */
export async function deleteFinishedJobs(db: DbExecutor, keepMs: number): Promise<number> {
  const deleted = await finishedJobsBefore(db, keepMs).returning({ id: jobs.id });
  return deleted.length;
}

/** The DELETE itself, unexecuted, so a test can ask the planner how it runs. */
export function finishedJobsBefore(db: DbExecutor, keepMs: number) {
  return db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.status, ['succeeded', 'failed']),
        lt(jobs.finishedAt, sql`now() - ${keepMs}::double precision * interval '1 millisecond'`),
      ),
    );
}

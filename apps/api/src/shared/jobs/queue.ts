// The outbox side of jobs: a job is a row written in the caller's transaction, so it exists exactly
// when the business row that caused it does (a crash between the two cannot lose or invent one).
import type { DbExecutor } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

/** NOTIFY channel raised when a transaction that inserted jobs commits (a migration installs it). */
export const JOBS_CHANNEL = 'vitrine_jobs';

export const DEFAULT_MAX_ATTEMPTS = 3;

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

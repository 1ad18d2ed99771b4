// The outbox side of jobs: a job is a row written in the caller's transaction, so it exists exactly
// when the business row that caused it does (a crash between the two cannot lose or invent one).
import type { DbExecutor } from '../../db/client.ts';
import { createJobsRepository } from './jobs.repository.ts';

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
  return createJobsRepository(tx).insert({ ...job, maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS });
}

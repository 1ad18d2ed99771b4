// Background jobs in API tests: a runner that polls often and retries quickly, and a way to wait
// until the queued e-mails have gone out (instead of sleeping).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { jobs } from '../src/db/schema.ts';
import { EMAIL_JOB } from '../src/shared/jobs/email.job.ts';
import type { JobRunnerOptions } from '../src/shared/jobs/runner.ts';
import { waitUntil } from './wait.ts';

export const fastJobs: Partial<JobRunnerOptions> = {
  pollIntervalMs: 25,
  retry: { baseDelayMs: 40, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 },
};

/** The e-mail jobs to `to` (or to anyone) still waiting to be sent or being sent. */
export function unsentMailJobs(db: Database, to?: string) {
  return db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, EMAIL_JOB), inArray(jobs.status, ['queued', 'running']), to === undefined ? undefined : sql`${jobs.payload} ->> 'to' = ${to}`));
}

/** Waits until every e-mail queued for `to` (or for anyone) has been sent or given up on. */
export async function mailQueueSettled(db: Database, to?: string): Promise<void> {
  await waitUntil(async () => (await unsentMailJobs(db, to)).length === 0, { what: `os emails na fila${to ? ` para ${to}` : ''}` });
}

/**
 * Makes every insert of an e-mail job fail, as a broken queue would, until the returned function is
 * called: whatever the same transaction wrote before it must be rolled back.
 */
export async function refuseMailJobs(db: Database): Promise<() => Promise<void>> {
  await db.execute(sql`
    create function test_refuse_mail_jobs() returns trigger language plpgsql as $$
    begin
      raise exception 'fila de e-mails indisponível';
    end $$`);
  await db.execute(sql`
    create trigger test_refuse_mail_jobs before insert on jobs
    for each row when (new.kind = ${sql.raw(`'${EMAIL_JOB}'`)}) execute function test_refuse_mail_jobs()`);
  return async () => {
    await db.execute(sql`drop trigger test_refuse_mail_jobs on jobs`);
    await db.execute(sql`drop function test_refuse_mail_jobs()`);
  };
}

/**
 * Runs the queued jobs of `kind` as a runner would, without one (apps built with `jobs: false`): each payload
 * handed to `run`, then the job marked succeeded. Answers the payloads run.
 */
export async function runQueuedJobs<P>(db: Database, kind: string, run: (payload: P) => Promise<unknown>): Promise<P[]> {
  const queued = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'queued')))
    .orderBy(jobs.createdAt, jobs.id);
  for (const job of queued) {
    await run(job.payload as P);
    await db.update(jobs).set({ status: 'succeeded', finishedAt: new Date() }).where(eq(jobs.id, job.id));
  }
  return queued.map((job) => job.payload as P);
}

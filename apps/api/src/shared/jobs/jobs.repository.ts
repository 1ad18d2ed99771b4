// The jobs table and its attempts, as the queue, the runner and housekeeping's scheduling read and
// write them. A claim, a settlement and a schedule each run in a transaction their caller opens.
import { and, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { jobAttempts, jobs } from '../../db/schema.ts';

export type JobRow = typeof jobs.$inferSelect;

/** How a claimed run ends, as the runner decided it. */
export type JobOutcome =
  | { kind: 'succeeded'; keep?: Record<string, unknown> }
  | { kind: 'failed' | 'released' }
  | { kind: 'retrying'; delayMs: number }
  /** Could not run yet: queued again later, its attempt given back. */
  | { kind: 'deferred'; delayMs: number };

const INTERRUPTED = 'A execução foi interrompida antes de terminar (o processo parou).';

const leaseFromNow = (leaseMs: number) => sql`now() + ${leaseMs}::double precision * interval '1 millisecond'`;

export const createJobsRepository = (db: DbExecutor) => ({
  async insert(job: { kind: string; payload: Record<string, unknown>; maxAttempts: number; runAt?: Date }): Promise<{ id: string }> {
    const [row] = await db
      .insert(jobs)
      .values({ kind: job.kind, payload: job.payload, maxAttempts: job.maxAttempts, ...(job.runAt ? { runAt: job.runAt } : {}) })
      .returning({ id: jobs.id });
    return row!;
  },

  /** Several jobs in one statement (one notification when the transaction commits). */
  async insertMany(list: { kind: string; payload: Record<string, unknown>; maxAttempts: number }[]): Promise<number> {
    if (list.length === 0) return 0;
    const rows = await db
      .insert(jobs)
      .values(list.map((job) => ({ kind: job.kind, payload: job.payload, maxAttempts: job.maxAttempts })))
      .returning({ id: jobs.id });
    return rows.length;
  },

  /** Takes a transaction-scoped advisory lock (released when the caller's transaction ends). */
  async lockForTransaction(lock: number) {
    await db.execute(sql`select pg_advisory_xact_lock(${lock})`);
  },

  /** Whether a job of this kind is waiting or running. */
  async hasUnfinished(kind: string): Promise<boolean> {
    const waiting = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(sql`${jobs.kind} = ${kind}`, inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    return waiting.length > 0;
  },

  /**
   * Claims up to `limit` due jobs of these kinds for the worker (call it in a transaction): picked with
   * FOR UPDATE SKIP LOCKED, leased, their open attempts closed as interrupted and a new attempt opened.
   */
  async claimDue({
    kinds,
    excluding,
    limit,
    workerId,
    leaseMs,
  }: {
    kinds: string[];
    /** Jobs this worker is still running: never a second copy of them. */
    excluding: string[];
    limit: number;
    workerId: string;
    leaseMs: number;
  }): Promise<{ job: JobRow; attemptId: string }[]> {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          excluding.length > 0 ? notInArray(jobs.id, excluding) : undefined,
          or(and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`))),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedBy: workerId, lockedUntil: leaseFromNow(leaseMs) })
      .where(inArray(jobs.id, due))
      .returning();
    if (claimed.length === 0) return [];
    const ids = claimed.map((job) => job.id);
    // A run still open here belonged to a worker whose lease ran out: it died mid-job.
    await db
      .update(jobAttempts)
      .set({ outcome: 'interrupted', error: INTERRUPTED, finishedAt: sql`now()` })
      .where(and(inArray(jobAttempts.jobId, ids), isNull(jobAttempts.outcome)));
    const attempts = await db
      .insert(jobAttempts)
      .values(claimed.map((job) => ({ jobId: job.id, attempt: job.attempts, workerId })))
      .returning({ id: jobAttempts.id, jobId: jobAttempts.jobId });
    const attemptIds = new Map(attempts.map((row) => [row.jobId, row.id]));
    return claimed.map((job) => ({ job, attemptId: attemptIds.get(job.id)! }));
  },

  /**
   * Milliseconds until the next job of these kinds is due (a queued job's run_at, a running job's lease
   * of another worker), by the database's clock; undefined when there is none.
   */
  async nextDueInMs({ kinds, excluding }: { kinds: string[]; excluding: string[] }): Promise<number | undefined> {
    const mine = excluding.length > 0 ? notInArray(jobs.id, excluding) : undefined;
    const queued = db
      .select({ at: sql`min(${jobs.runAt})` })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), inArray(jobs.kind, kinds)));
    const leased = db
      .select({ at: sql`min(${jobs.lockedUntil})` })
      .from(jobs)
      .where(and(eq(jobs.status, 'running'), inArray(jobs.kind, kinds), mine));
    const { rows } = await db.execute<{ ms: number | string | null }>(
      sql`select (extract(epoch from least((${queued}), (${leased})) - now()) * 1000)::double precision as ms`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? undefined : Number(ms);
  },

  /**
   * Writes how the run ended, on the job and its attempt (call it in a transaction); null when the
   * worker no longer holds the job's lease (another worker owns it), else when the job runs next.
   */
  async settle({
    job,
    attemptId,
    workerId,
    outcome,
    error,
    durationMs,
    statusCode,
  }: {
    job: Pick<JobRow, 'id' | 'attempts'>;
    attemptId: string;
    workerId: string;
    outcome: JobOutcome;
    error: string | undefined;
    durationMs: number | undefined;
    statusCode: number | undefined;
  }): Promise<{ runAt: Date } | null> {
    const terminal = outcome.kind === 'succeeded' || outcome.kind === 'failed';
    const [row] = await db
      .update(jobs)
      .set({
        status: terminal ? (outcome.kind as 'succeeded' | 'failed') : 'queued',
        lockedBy: null,
        lockedUntil: null,
        ...(error !== undefined ? { lastError: error } : {}),
        ...(terminal ? { finishedAt: sql`now()` } : {}),
        ...(outcome.kind === 'succeeded' && outcome.keep ? { payload: outcome.keep } : {}),
        ...(outcome.kind === 'retrying' ? { runAt: sql`now() + ${outcome.delayMs}::double precision * interval '1 millisecond'` } : {}),
        // Handing the job back on shutdown, or deferring it, does not use up one of its attempts.
        ...(outcome.kind === 'released' ? { runAt: sql`now()`, attempts: sql`${jobs.attempts} - 1` } : {}),
        ...(outcome.kind === 'deferred'
          ? { runAt: sql`now() + ${outcome.delayMs}::double precision * interval '1 millisecond'`, attempts: sql`${jobs.attempts} - 1` }
          : {}),
      })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempts)))
      .returning({ runAt: jobs.runAt });
    if (!row) return null;
    await db
      .update(jobAttempts)
      .set({
        outcome: outcome.kind === 'retrying' ? 'failed' : outcome.kind === 'deferred' ? 'released' : outcome.kind,
        finishedAt: sql`now()`,
        durationMs: durationMs ?? null,
        error: error ?? null,
        statusCode: statusCode ?? null,
        nextRunAt: outcome.kind === 'retrying' || outcome.kind === 'deferred' ? row.runAt : null,
      })
      .where(eq(jobAttempts.id, attemptId));
    return row;
  },

  /** Extends the lease of the worker's running jobs among `ids`. */
  async renewLeases(ids: string[], workerId: string, leaseMs: number) {
    await db
      .update(jobs)
      .set({ lockedUntil: leaseFromNow(leaseMs) })
      .where(and(inArray(jobs.id, ids), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)));
  },
});

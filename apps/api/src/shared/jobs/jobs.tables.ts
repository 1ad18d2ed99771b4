// Background jobs (the transactional outbox) and their attempts.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.ts';

// The transactional outbox: a job row is written in the same transaction as the row that causes
// it, and workers of every instance claim due rows with FOR UPDATE SKIP LOCKED under a lease.
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    // Claims so far (an interrupted run counts); the job fails for good at maxAttempts.
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    // A worker that dies (kill -9, lost host) stops renewing this; the job is claimed again after it.
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    // Housekeeping deletes finished jobs by age (only finished jobs have a finished_at).
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.finishedAt} is not null`),
  ],
);

export const jobAttempts = pgTable(
  'job_attempts',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    workerId: text('worker_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    // null while running; 'interrupted' when the worker died, 'released' when it stopped first.
    outcome: text('outcome', { enum: ['succeeded', 'failed', 'interrupted', 'released'] }),
    error: text('error'),
    statusCode: integer('status_code'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  },
  (t) => [index('job_attempts_job_idx').on(t.jobId, t.attempt)],
);

// What housekeeping deletes: per task, the table, its id and the rows past a cutoff, deleted in batches.
import { and, inArray, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client.ts';
import { downloadCodes, jobs, pendingSignups, sessions, siteAccessEvents, verifications } from '../../db/schema.ts';

export const HOUSEKEEPING_TASKS = ['sessions', 'verifications', 'pendingSignups', 'downloadCodes', 'accessEvents', 'finishedJobs'] as const;
export type HousekeepingTask = (typeof HOUSEKEEPING_TASKS)[number];

interface Target {
  table: PgTable;
  id: PgColumn;
  /** The rows past the cutoff; each condition reads an index or a small table. */
  expired: (cutoff: Date) => SQL | undefined;
}

const targets: Record<HousekeepingTask, Target> = {
  sessions: { table: sessions, id: sessions.id, expired: (cutoff) => lt(sessions.expiresAt, cutoff) },
  verifications: { table: verifications, id: verifications.id, expired: (cutoff) => lt(verifications.expiresAt, cutoff) },
  pendingSignups: { table: pendingSignups, id: pendingSignups.id, expired: (cutoff) => lt(pendingSignups.expiresAt, cutoff) },
  downloadCodes: { table: downloadCodes, id: downloadCodes.id, expired: (cutoff) => lt(downloadCodes.expiresAt, cutoff) },
  accessEvents: { table: siteAccessEvents, id: siteAccessEvents.id, expired: (cutoff) => lt(siteAccessEvents.createdAt, cutoff) },
  // On jobs_finished_idx; a job's attempts go with it (ON DELETE CASCADE).
  finishedJobs: {
    table: jobs,
    id: jobs.id,
    expired: (cutoff) => and(inArray(jobs.status, ['succeeded', 'failed']), lt(jobs.finishedAt, cutoff)),
  },
};

/** One batch's DELETE, unexecuted, so a test can ask the planner how it runs. */
export function expiredBatch(db: DbExecutor, task: HousekeepingTask, cutoff: Date, limit: number) {
  const { table, id, expired } = targets[task];
  const batch = db.select({ id }).from(table).where(expired(cutoff)).limit(limit);
  return db.delete(table).where(inArray(id, batch));
}

/** Deletes one batch of the task's rows past the cutoff; returns how many went. */
export async function deleteExpiredBatch(db: DbExecutor, task: HousekeepingTask, cutoff: Date, limit: number): Promise<number> {
  const deleted = await expiredBatch(db, task, cutoff, limit).returning({ id: targets[task].id });
  return deleted.length;
}

import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { fixtures } from '../../../test/fixtures.ts';
import { waitUntil } from '../../../test/wait.ts';
import { parseEnv } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { downloadCodes, jobAttempts, jobs, pendingSignups, sessions, siteAccessEvents, users, verifications } from '../../db/schema.ts';
import { HOUSEKEEPING_BATCH, HOUSEKEEPING_JOB, housekeepingPolicy, runHousekeeping, scheduleHousekeeping } from './housekeeping.job.ts';
import { expiredBatch } from './housekeeping.repository.ts';

const DAY = 24 * 60 * 60_000;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function database(): Promise<TestDatabase> {
  const handle = await createTestDatabase();
  cleanups.push(() => handle.close());
  return handle;
}

const policy = housekeepingPolicy(parseEnv({}));
// A moment far from the database's own clock: only the injected clock can make these rows old.
const NOW = new Date('2031-03-10T12:00:00Z');
const at = (daysFromNow: number) => new Date(NOW.getTime() + daysFromNow * DAY);

async function rowsOfEveryKind(db: Database) {
  const userId = randomUUID();
  await db.insert(users).values({ id: userId, name: 'Cliente', email: `${userId}@vitrine.test` });
  const session = (id: string, expiresAt: Date) => ({ id, token: `token-${id}-${userId}`, userId, expiresAt });
  await db.insert(sessions).values([session(`s-old-${userId}`, at(-8)), session(`s-recent-${userId}`, at(-6)), session(`s-live-${userId}`, at(3))]);
  await db.insert(verifications).values([
    { id: `v-old-${userId}`, identifier: 'reset', value: 'x', expiresAt: at(-8) },
    { id: `v-live-${userId}`, identifier: 'reset', value: 'y', expiresAt: at(1) },
  ]);
  await db.insert(pendingSignups).values([
    { email: `old-${userId}@vitrine.test`, tokenHash: `h-old-${userId}`, kind: 'signup', expiresAt: at(-8) },
    { email: `live-${userId}@vitrine.test`, tokenHash: `h-live-${userId}`, kind: 'invitation', expiresAt: at(1) },
  ]);
  const app = await fixtures(db).app();
  await db.insert(downloadCodes).values([
    { code: `OLD${userId.slice(0, 8)}`, appId: app.id, expiresAt: at(-31), isUsed: true },
    { code: `RECENT${userId.slice(0, 8)}`, appId: app.id, expiresAt: at(-29) },
  ]);
  await db.insert(siteAccessEvents).values([
    { path: '/velho', source: 'direto', sessionId: 's', createdAt: at(-401) },
    // The dashboard's longest period (90 days) and its API's (365) stay whole.
    { path: '/ano', source: 'direto', sessionId: 's', createdAt: at(-366) },
  ]);
  const job = (status: 'queued' | 'running' | 'succeeded' | 'failed', finishedDaysAgo: number | null) => ({
    kind: 'parked.job',
    payload: { to: 'cliente@vitrine.test' },
    status,
    finishedAt: finishedDaysAgo === null ? null : at(-finishedDaysAgo),
    ...(status === 'running' ? { lockedBy: 'outro', lockedUntil: at(1) } : {}),
  });
  const inserted = await db
    .insert(jobs)
    .values([job('succeeded', 8), job('failed', 8), job('succeeded', 6), job('queued', null), job('running', null)])
    .returning({ id: jobs.id });
  await db.insert(jobAttempts).values(inserted.map((row) => ({ jobId: row.id, attempt: 1, workerId: 'outro' })));
  return { userId, jobIds: inserted.map((row) => row.id) };
}

describe('housekeeping', { timeout: 120_000 }, () => {
  it('deletes each kind of row past its retention at the given time, and keeps the rest', async () => {
    const db = await database();
    const { userId, jobIds } = await rowsOfEveryKind(db.db);

    const deleted = await runHousekeeping({ db: db.db, policy, now: NOW });

    expect(deleted).toEqual({ sessions: 1, verifications: 1, pendingSignups: 1, downloadCodes: 1, accessEvents: 1, finishedJobs: 2 });
    expect((await db.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((row) => row.id).sort()).toEqual(
      [`s-live-${userId}`, `s-recent-${userId}`].sort(),
    );
    expect(
      await db.db
        .select({ path: siteAccessEvents.path })
        .from(siteAccessEvents)
        .where(inArray(siteAccessEvents.path, ['/velho', '/ano'])),
    ).toEqual([{ path: '/ano' }]);
    const kept = await db.db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(inArray(jobs.id, jobIds));
    expect(kept.map((row) => row.status).sort()).toEqual(['queued', 'running', 'succeeded']);
    // Attempts went with their jobs.
    expect((await db.db.select({ id: jobAttempts.id }).from(jobAttempts).where(inArray(jobAttempts.jobId, jobIds))).length).toBe(3);

    // Nothing is left to do a moment later; the database's own clock never decided anything.
    expect(Object.values(await runHousekeeping({ db: db.db, policy, now: NOW })).every((count) => count === 0)).toBe(true);
  });

  it('deletes in bounded batches until nothing old is left', async () => {
    const db = await database();
    await db.db
      .insert(siteAccessEvents)
      .values(Array.from({ length: 7 }, (_, i) => ({ path: `/p${i}`, source: 'direto', sessionId: 's', createdAt: at(-500) })));
    const batches: number[] = [];
    const deleted = await runHousekeeping({
      db: db.db,
      policy,
      now: NOW,
      batchSize: 3,
      onDeleted: (task, count) => task === 'accessEvents' && batches.push(count),
    });
    expect(deleted.accessEvents).toBe(7);
    expect(batches).toEqual([3, 3, 1]);
  });

  it('reads an index for the old rows of the big tables, never the whole table', async () => {
    const db = await database();
    for (const [task, index] of [
      ['finishedJobs', 'jobs_finished_idx'],
      ['accessEvents', 'site_access_events_created_idx'],
    ] as const) {
      const { sql: text, params } = expiredBatch(db.db, task, NOW, HOUSEKEEPING_BATCH).toSQL();
      const pieces = text.split(/\$\d+/);
      const statement = sql.join(pieces.map((piece, i) => (i < params.length ? sql`${sql.raw(piece)}${params[i]}` : sql.raw(piece))));
      const plan = await db.db.transaction(async (tx) => {
        // On a nearly empty table the planner would rightly scan it; forbid that to see whether it can do otherwise.
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${statement}`);
      });
      const lines = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(lines).toContain(index);
      expect(lines).not.toMatch(/Seq Scan on (jobs|site_access_events)\b/);
    }
  });

  it('runs as one durable job that two instances share: one run at a time, the next queued one interval later', async () => {
    const db = await database();
    const { userId } = await rowsOfEveryKind(db.db);
    const clock = () => NOW;
    const instance = async () => {
      const t: TestApp = await buildTestApp({
        database: db,
        jobs: { pollIntervalMs: 20, concurrency: 1 },
        clock,
        housekeeping: true,
        env: { HOUSEKEEPING_INTERVAL_MINUTES: '30' },
      });
      cleanups.push(() => t.app.close());
      return t;
    };
    const housekeepingJobs = () => db.db.select().from(jobs).where(eq(jobs.kind, HOUSEKEEPING_JOB));

    // Both start; the first queues a run due now, the second sees it waiting and queues none.
    const instances = await Promise.all([instance(), instance()]);
    await waitUntil(async () => (await housekeepingJobs()).some((job) => job.status === 'succeeded'), { what: 'a limpeza concluída' });
    const afterFirst = await waitUntil(
      async () => {
        const rows = await housekeepingJobs();
        return rows.some((job) => job.status === 'queued') ? rows : undefined;
      },
      { what: 'a próxima limpeza na fila' },
    );
    expect(afterFirst.map((job) => job.status).sort()).toEqual(['queued', 'succeeded']);
    const next = afterFirst.find((job) => job.status === 'queued')!;
    expect(next.runAt.getTime()).toBe(NOW.getTime() + 30 * 60_000);
    expect(
      await db.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, `s-old-${userId}`))),
    ).toEqual([]);

    // Its time comes: exactly one instance runs it, and exactly one successor is queued. (At NOW the first
    // run finished long ago: this run deletes it with the other finished jobs.)
    const first = afterFirst.find((job) => job.status === 'succeeded')!;
    await db.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, next.id));
    // A change by hand raises no notification: both runners look now instead of at their next check.
    for (const t of instances) t.app.jobs.wake();
    const rows = await waitUntil(
      async () => {
        const all = await housekeepingJobs();
        return all.some((job) => job.id === next.id && job.status === 'succeeded') && all.some((job) => job.status === 'queued') ? all : undefined;
      },
      { what: 'a segunda limpeza e a terceira na fila' },
    );
    expect(rows.map((job) => job.status).sort()).toEqual(['queued', 'succeeded']);
    expect(rows.some((job) => job.id === first.id)).toBe(false);
    expect(rows.find((job) => job.id === next.id)!.attempts).toBe(1);

    // Scheduling by hand while one waits adds nothing.
    expect(await scheduleHousekeeping(db.db, NOW)).toBe(false);
  });

  it('keeps access events at least as long as the dashboard shows them', () => {
    expect(() => parseEnv({ RETAIN_ACCESS_EVENTS_DAYS: '30' })).toThrow(/RETAIN_ACCESS_EVENTS_DAYS/);
    expect(housekeepingPolicy(parseEnv({})).keep.accessEvents).toBe(400 * DAY);
    expect(housekeepingPolicy(parseEnv({ RETAIN_FINISHED_JOBS_DAYS: '2' })).keep.finishedJobs).toBe(2 * DAY);
  });
});

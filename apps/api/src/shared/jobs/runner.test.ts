import { asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { waitUntil } from '../../../test/wait.ts';
import type { Database } from '../../db/client.ts';
import { inBackground } from '../../db/priority.ts';
import { jobAttempts, jobs, plans } from '../../db/schema.ts';
import { enqueueJob } from './queue.ts';
import { createJobRunner, type JobHandler, type JobRunnerOptions } from './runner.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const silent = pino({ level: 'silent' });
const fast: Partial<JobRunnerOptions> = {
  pollIntervalMs: 20,
  leaseMs: 30_000,
  shutdownGraceMs: 5_000,
  retry: { baseDelayMs: 40, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 },
};

async function database(): Promise<TestDatabase> {
  const handle = await createTestDatabase();
  cleanups.push(() => handle.close());
  return handle;
}

function runner(db: TestDatabase, handlers: Record<string, JobHandler<unknown>>, options: Partial<JobRunnerOptions> = {}) {
  const instance = createJobRunner({ db: db.db, listen: db.listen, handlers, logger: silent, options: { ...fast, ...options } });
  cleanups.push(() => instance.stop());
  return instance;
}

/** A handler the test drives: records each run and answers with what `outcome` says. */
function scripted(outcome: (attempt: number) => Promise<Awaited<ReturnType<JobHandler<{ n: number }>['run']>>>) {
  const runs: Array<{ n: number; attempt: number }> = [];
  const handler: JobHandler<{ n: number }> = {
    payload: z.object({ n: z.number() }),
    async run(payload, context) {
      runs.push({ n: payload.n, attempt: context.attempt });
      return outcome(context.attempt);
    },
  };
  return { handler, runs };
}

const jobRow = async (db: Database, id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const attemptsOf = (db: Database, id: string) =>
  db.select().from(jobAttempts).where(eq(jobAttempts.jobId, id)).orderBy(asc(jobAttempts.attempt), asc(jobAttempts.startedAt));

describe('durable jobs', () => {
  it('runs a job written with its business row, and never one whose transaction rolled back', async () => {
    const db = await database();
    const { handler, runs } = scripted(async () => ({ ok: true }));

    await db.db
      .transaction(async (tx) => {
        await tx.insert(plans).values({ name: 'Desfeito', priceMonthly: 10 });
        await enqueueJob(tx, { kind: 'test.job', payload: { n: 1 } });
        throw new Error('falha depois de gravar');
      })
      .catch(() => undefined);
    const committed = await db.db.transaction(async (tx) => {
      await tx.insert(plans).values({ name: 'Gravado', priceMonthly: 10 });
      return enqueueJob(tx, { kind: 'test.job', payload: { n: 2 } });
    });

    await runner(db, { 'test.job': handler }).start();
    await waitUntil(async () => (await jobRow(db.db, committed.id)).status === 'succeeded');
    expect(runs).toEqual([{ n: 2, attempt: 1 }]);
    expect(await db.db.select().from(jobs)).toHaveLength(1);
  });

  it("runs its jobs as background work, whose database operations give way to requests' (db/priority.ts)", async () => {
    const db = await database();
    const seen: boolean[] = [];
    const { handler } = scripted(async () => {
      seen.push(inBackground());
      await db.db.select().from(jobs);
      seen.push(inBackground());
      return { ok: true };
    });
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 } });
    await runner(db, { 'test.job': handler }).start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'succeeded');
    expect(seen).toEqual([true, true]);
    expect(inBackground()).toBe(false);
  });

  it('retries a failing job with growing, jittered delays, records every attempt, and fails it for good after the last one', async () => {
    const db = await database();
    const { handler, runs } = scripted(async (attempt) => ({ ok: false, error: `recusado na tentativa ${attempt}`, statusCode: 500 }));
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 }, maxAttempts: 3 });

    await runner(db, { 'test.job': handler }).start();
    const failed = await waitUntil(async () => {
      const row = await jobRow(db.db, job.id);
      return row.status === 'failed' ? row : undefined;
    });

    expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(failed).toMatchObject({ attempts: 3, lastError: 'recusado na tentativa 3', lockedBy: null });
    expect(failed.finishedAt).toBeInstanceOf(Date);
    const attempts = await attemptsOf(db.db, job.id);
    expect(attempts.map((row) => [row.attempt, row.outcome, row.error, row.statusCode])).toEqual([
      [1, 'failed', 'recusado na tentativa 1', 500],
      [2, 'failed', 'recusado na tentativa 2', 500],
      [3, 'failed', 'recusado na tentativa 3', 500],
    ]);
    for (const row of attempts) {
      expect(row.startedAt).toBeInstanceOf(Date);
      expect(row.durationMs).toBeGreaterThanOrEqual(0);
    }
    // Base 40 ms: the first retry waits 20-40 ms, the second 40-80 ms; the last failure schedules nothing.
    const waited = attempts.map((row) => (row.nextRunAt ? row.nextRunAt.getTime() - row.finishedAt!.getTime() : null));
    expect(waited[0]).toBeGreaterThanOrEqual(20);
    expect(waited[0]).toBeLessThanOrEqual(40);
    expect(waited[1]).toBeGreaterThanOrEqual(40);
    expect(waited[1]).toBeLessThanOrEqual(80);
    expect(waited[2]).toBeNull();
  });

  it("waits as long as the receiver's Retry-After asks before the next attempt", async () => {
    const db = await database();
    const { handler } = scripted(async (attempt) =>
      attempt === 1 ? { ok: false, error: 'ocupado', statusCode: 429, retryAfterMs: 1_500 } : { ok: true, statusCode: 200 },
    );
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 } });

    await runner(db, { 'test.job': handler }).start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'succeeded');
    const [first] = await attemptsOf(db.db, job.id);
    expect(first!.nextRunAt!.getTime() - first!.finishedAt!.getTime()).toBe(1_500);
  });

  it('does not retry a job whose handler says trying again cannot help', async () => {
    const db = await database();
    const { handler, runs } = scripted(async () => ({ ok: false, error: 'endereço recusado', permanent: true }));
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 }, maxAttempts: 3 });

    await runner(db, { 'test.job': handler }).start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'failed');
    expect(runs).toHaveLength(1);
  });

  it('queues a deferred job again later without using up an attempt, however often it waits', async () => {
    const db = await database();
    let waits = 0;
    const { handler, runs } = scripted(async () => (++waits <= 4 ? { ok: false, error: 'outra tarefa vai antes', deferMs: 20 } : { ok: true }));
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 }, maxAttempts: 1 });

    await runner(db, { 'test.job': handler }).start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'succeeded');
    expect(runs.map((run) => run.attempt)).toEqual([1, 1, 1, 1, 1]);
    expect(await jobRow(db.db, job.id)).toMatchObject({ attempts: 1 });
    const attempts = await attemptsOf(db.db, job.id);
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['released', 'released', 'released', 'released', 'succeeded']);
  });

  it('fails a job whose stored payload does not fit its handler, without running it', async () => {
    const db = await database();
    const { handler, runs } = scripted(async () => ({ ok: true }));
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 'um' } });

    await runner(db, { 'test.job': handler }).start();
    const row = await waitUntil(async () => {
      const current = await jobRow(db.db, job.id);
      return current.status === 'failed' ? current : undefined;
    });
    expect(row.lastError).toBe('Dados da tarefa inválidos.');
    expect(runs).toHaveLength(0);
  });

  it('leaves alone the kinds of job it has no handler for', async () => {
    const db = await database();
    const { handler } = scripted(async () => ({ ok: true }));
    const foreign = await enqueueJob(db.db, { kind: 'other.job', payload: { n: 1 } });
    const own = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 2 } });

    await runner(db, { 'test.job': handler }).start();
    await waitUntil(async () => (await jobRow(db.db, own.id)).status === 'succeeded');
    expect(await jobRow(db.db, foreign.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('takes over the job of a worker that died once its lease runs out, recording the lost run as interrupted', async () => {
    const db = await database();
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 } });
    // A worker on another host claimed it and then vanished: its lease has run out.
    await db.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'host-morto:1:abc', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job.id));
    await db.db.insert(jobAttempts).values({ jobId: job.id, attempt: 1, workerId: 'host-morto:1:abc' });
    const { handler, runs } = scripted(async () => ({ ok: true }));

    const survivor = runner(db, { 'test.job': handler });
    await survivor.start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'succeeded');

    expect(runs).toEqual([{ n: 1, attempt: 2 }]);
    const attempts = await attemptsOf(db.db, job.id);
    expect(attempts.map((row) => [row.attempt, row.workerId, row.outcome])).toEqual([
      [1, 'host-morto:1:abc', 'interrupted'],
      [2, survivor.workerId, 'succeeded'],
    ]);
  });

  it('does not take a job whose lease is still valid', async () => {
    const db = await database();
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 } });
    await db.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'outro:1:abc', lockedUntil: sql`now() + interval '1 hour'` })
      .where(eq(jobs.id, job.id));
    const { handler, runs } = scripted(async () => ({ ok: true }));
    const probe = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 2 } });

    await runner(db, { 'test.job': handler }).start();
    await waitUntil(async () => (await jobRow(db.db, probe.id)).status === 'succeeded');
    expect(runs.map((run) => run.n)).toEqual([2]);
    expect((await jobRow(db.db, job.id)).lockedBy).toBe('outro:1:abc');
  });

  it('fails for good an interrupted job that has no attempts left, instead of running it again', async () => {
    const db = await database();
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 }, maxAttempts: 2 });
    await db.db
      .update(jobs)
      .set({ status: 'running', attempts: 2, lockedBy: 'host-morto:1:abc', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job.id));
    const { handler, runs } = scripted(async () => ({ ok: true }));

    await runner(db, { 'test.job': handler }).start();
    const row = await waitUntil(async () => {
      const current = await jobRow(db.db, job.id);
      return current.status === 'failed' ? current : undefined;
    });
    expect(runs).toHaveLength(0);
    expect(row.lastError).toBe('A última tentativa foi interrompida e não restam tentativas.');
  });

  it('renews the lease of a long job, so another worker does not take it meanwhile', async () => {
    const db = await database();
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const { handler: slow, runs: slowRuns } = scripted(async () => {
      await finished;
      return { ok: true };
    });
    const { handler: other, runs: otherRuns } = scripted(async () => ({ ok: true }));
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 } });

    await runner(db, { 'test.job': slow }, { leaseMs: 2_400 }).start();
    const first = await waitUntil(async () => (await jobRow(db.db, job.id)).lockedUntil);
    // The lease is renewed past its first expiry while the other worker keeps polling.
    await runner(db, { 'test.job': other }, { leaseMs: 2_400 }).start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).lockedUntil!.getTime() > first.getTime() + 3_000);
    finish();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'succeeded');

    expect(slowRuns).toHaveLength(1);
    expect(otherRuns).toHaveLength(0);
  });

  it('keeps a worker that lost its lease from overwriting the result of the worker that took over', async () => {
    const db = await database();
    let finishStale!: () => void;
    const staleMayFinish = new Promise<void>((resolve) => (finishStale = resolve));
    const { handler: stale } = scripted(async () => {
      await staleMayFinish;
      return { ok: false, error: 'resposta atrasada' };
    });
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 } });
    const staleRunner = runner(db, { 'test.job': stale }, { leaseMs: 60_000 });
    await staleRunner.start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'running');

    // Its lease runs out (a long pause, a partition) and a healthy worker takes the job and finishes it.
    await db.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job.id));
    const { handler: healthy } = scripted(async () => ({ ok: true }));
    await runner(db, { 'test.job': healthy }).start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'succeeded');

    finishStale();
    await staleRunner.stop();
    expect(await jobRow(db.db, job.id)).toMatchObject({ status: 'succeeded', attempts: 2, lastError: null });
    const attempts = await attemptsOf(db.db, job.id);
    expect(attempts.map((row) => row.outcome)).toEqual(['interrupted', 'succeeded']);
  });

  it('lets a running job finish when the instance stops within the grace period', async () => {
    const db = await database();
    let finish!: () => void;
    const mayFinish = new Promise<void>((resolve) => (finish = resolve));
    const { handler } = scripted(async () => {
      await mayFinish;
      return { ok: true };
    });
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 } });
    const instance = runner(db, { 'test.job': handler }, { shutdownGraceMs: 30_000 });
    await instance.start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'running');

    const stopping = instance.stop();
    finish();
    await stopping;
    expect(await jobRow(db.db, job.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('hands back a job that does not finish within the grace period, without using up an attempt', async () => {
    const db = await database();
    const { handler } = scripted(
      (attempt) =>
        new Promise((resolve) => {
          if (attempt > 1) resolve({ ok: true });
        }),
    );
    // The handler ignores its abort signal: the stop must not wait for it.
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 } });
    const instance = runner(db, { 'test.job': handler }, { shutdownGraceMs: 100 });
    await instance.start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'running');

    await instance.stop();
    expect(await jobRow(db.db, job.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    const [released] = await attemptsOf(db.db, job.id);
    expect(released).toMatchObject({ outcome: 'released', error: 'Interrompida: o servidor está encerrando.' });

    // The next instance runs it as its first attempt.
    const { handler: next, runs } = scripted(async () => ({ ok: true }));
    await runner(db, { 'test.job': next }).start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'succeeded');
    expect(runs).toEqual([{ n: 1, attempt: 1 }]);
  });

  it('aborts a running job at the end of the grace period and hands it back', async () => {
    const db = await database();
    const aborted: boolean[] = [];
    const handler: JobHandler<{ n: number }> = {
      payload: z.object({ n: z.number() }),
      run: (_payload, context) =>
        new Promise((resolve) => {
          context.signal.addEventListener('abort', () => {
            aborted.push(true);
            resolve({ ok: false, error: 'abortado' });
          });
        }),
    };
    const job = await enqueueJob(db.db, { kind: 'test.job', payload: { n: 1 } });
    const instance = runner(db, { 'test.job': handler }, { shutdownGraceMs: 100 });
    await instance.start();
    await waitUntil(async () => (await jobRow(db.db, job.id)).status === 'running');

    await instance.stop();
    expect(aborted).toEqual([true]);
    expect(await jobRow(db.db, job.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

// Requests before background work at the database (db/priority.ts): the gate's rules on their own, then the
// real databases, where a job's long chain of queries must let a request's query through.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../test/database.ts';
import { createPriorityGate, inBackground, runInBackground, runInForeground } from './priority.ts';

const settled = async <T>(promise: Promise<T>) => {
  let done = false;
  void promise.then(() => (done = true));
  // Long enough for a setImmediate and a few microtasks, far shorter than the waits below.
  await new Promise((resolve) => setTimeout(resolve, 5));
  return done;
};

describe('the priority gate', () => {
  it('marks the job runner’s work as background, and what it starts as foreground again only when asked', async () => {
    expect(inBackground()).toBe(false);
    await runInBackground(async () => {
      await Promise.resolve();
      expect(inBackground()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(inBackground()).toBe(true);
      expect(runInForeground(() => inBackground())).toBe(false);
    });
    expect(inBackground()).toBe(false);
  });

  it('lets a background operation start only once the foreground one has ended', async () => {
    const gate = createPriorityGate({ maxWaitMs: 10_000 });
    const leaveForeground = await gate.enter();
    expect(gate.foreground).toBe(1);
    const background = runInBackground(() => gate.enter());
    expect(await settled(background)).toBe(false);
    leaveForeground();
    expect(await settled(background)).toBe(true);
    (await background)();
  });

  it('never holds a background operation past maxWaitMs: a stream of requests slows jobs down, never stops them', async () => {
    const gate = createPriorityGate({ maxWaitMs: 30 });
    const leaveForeground = await gate.enter();
    const started = performance.now();
    const leave = await runInBackground(() => gate.enter());
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(gate.foreground).toBe(1);
    leave();
    leaveForeground();
  });

  it('never makes a foreground operation wait, even while background ones hold every lane', async () => {
    const gate = createPriorityGate({ backgroundLanes: 1 });
    const leaveBackground = await runInBackground(() => gate.enter());
    expect(await settled(gate.enter())).toBe(true);
    leaveBackground();
  });

  it('with one lane (PGlite), runs background operations one at a time, in order', async () => {
    const gate = createPriorityGate({ backgroundLanes: 1 });
    const first = await runInBackground(() => gate.enter());
    const second = runInBackground(() => gate.enter());
    const third = runInBackground(() => gate.enter());
    expect(await settled(second)).toBe(false);
    first();
    expect(await settled(second)).toBe(true);
    expect(await settled(third)).toBe(false);
    (await second)();
    expect(await settled(third)).toBe(true);
    (await third)();
  });
});

describe(`a job's queries and a request's on ${testDbKind() === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("answers a request's query while a job runs a long chain of queries, not after the chain", async () => {
    const CHAIN = 300;
    let done = 0;
    const job = runInBackground(async () => {
      for (let index = 0; index < CHAIN; index += 1) {
        await database.db.execute(sql`select ${index}::int as n`);
        done += 1;
      }
    });
    // A request arriving as the job starts: its callback needs a turn of the event loop, as a socket's would.
    const answeredAfter = await new Promise<number>((resolve, reject) => {
      setTimeout(() => {
        database.db.execute(sql`select 1 as one`).then(() => resolve(done), reject);
      }, 0);
    });
    await job;
    expect(done).toBe(CHAIN);
    // Without the gate, PGlite's chain ran to its end in microtasks before the timer even fired (300 of 300).
    expect(answeredAfter).toBeLessThan(CHAIN / 3);
  });
});

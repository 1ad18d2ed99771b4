import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { plans, proUsers } from '../db/schema.ts';
import { buildTestApp, testEnv, type TestApp } from '../../test/app.ts';
import { createTestDatabase, testDbKind } from '../../test/database.ts';
import { connectSse } from '../../test/sse.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function listening(t: TestApp) {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `${address}/api/events`;
}

describe('the event stream', () => {
  it('tells a browser which table changed, with the operation and the row id', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const client = await connectSse(await listening(t));
    cleanups.push(async () => client.close());

    const [row] = await t.database.db.insert(plans).values({ name: 'Teste', priceMonthly: 10 }).returning();
    await client.waitFor((change) => change.table === 'plans' && change.op === 'insert' && change.id === row!.id);
    await t.database.db.update(plans).set({ priceMonthly: 12 }).where(eq(plans.id, row!.id));
    await client.waitFor((change) => change.table === 'plans' && change.op === 'update');
    await t.database.db.delete(plans).where(eq(plans.id, row!.id));
    await client.waitFor((change) => change.table === 'plans' && change.op === 'delete' && change.id === row!.id);
  });

  it('keeps changes to admin-only tables from anonymous listeners', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const client = await connectSse(await listening(t));
    cleanups.push(async () => client.close());

    await t.database.db.insert(proUsers).values({ email: 'segredo@vitrine.test' });
    const [row] = await t.database.db.insert(plans).values({ name: 'Depois', priceMonthly: 10 }).returning();
    await client.waitFor((change) => change.id === row!.id);
    expect(client.changes.some((change) => change.table === 'pro_users')).toBe(false);
  });

  it('ends open streams when the server closes, so shutdown does not hang', async () => {
    const t = await buildTestApp();
    const client = await connectSse(await listening(t));
    const started = Date.now();
    await t.close();
    await client.closed;
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.skipIf(testDbKind() !== 'postgres')(
    'reaches an event-stream client of a second API instance on the same PostgreSQL',
    async () => {
      const database = await createTestDatabase('postgres');
      const a = await buildTestApp({ database });
      cleanups.push(() => a.close());
      const secondHandle = await openDatabase({ databaseUrl: database.url!, poolSize: 2 });
      const b = await buildApp({ env: testEnv(), database: secondHandle });
      cleanups.push(async () => {
        await b.close();
        await secondHandle.close();
      });
      const addressB = await b.listen({ port: 0, host: '127.0.0.1' });
      const client = await connectSse(`${addressB}/api/events`);
      cleanups.push(async () => client.close());

      // The write goes through instance A's connection; only NOTIFY can carry it to B.
      const [row] = await a.database.db.insert(plans).values({ name: 'Cruzado', priceMonthly: 20 }).returning();
      await client.waitFor((change) => change.table === 'plans' && change.op === 'insert' && change.id === row!.id);
    },
  );
});

import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testEnv } from '../../test/app.ts';
import { createTestDatabase, testDbKind } from '../../test/database.ts';
import { connectSse, headOfStream, SseRefused, type SseClient } from '../../test/sse.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { auditLog, contactMessages, plans, proUsers, users } from '../db/schema.ts';
import { ADMIN, adminEnv, listPro, signInAsAdmin } from '../modules/access/access.test-support.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function started(options: Parameters<typeof buildTestApp>[0] = {}) {
  const t = await buildTestApp(options);
  cleanups.push(() => t.close());
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, base: address, events: `${address}/api/events` };
}

async function stream(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const client = await connectSse(url, headers);
  cleanups.push(async () => client.close());
  return client;
}

/** A stream request the server is expected to refuse: its status, Retry-After and body. */
async function refusedStream(url: string, headers: Record<string, string> = {}) {
  try {
    (await connectSse(url, headers)).close();
  } catch (error) {
    if (error instanceof SseRefused) return { status: error.status, retryAfter: error.headers['retry-after'], body: error.body };
    throw error;
  }
  return { status: 200, retryAfter: undefined, body: undefined };
}

const contactMessage = (subject: string) => ({ name: 'Visitante', email: 'visitante@example.com', subject, message: 'Olá' });

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`não aconteceu em ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the event stream', () => {
  it('tells a browser which table changed, with the operation and the row id', async () => {
    const { t, events } = await started();
    const client = await stream(events);

    const [row] = await t.database.db.insert(plans).values({ name: 'Teste', priceMonthly: 10 }).returning();
    await client.waitFor((change) => change.table === 'plans' && change.op === 'insert' && change.id === row!.id);
    await t.database.db.update(plans).set({ priceMonthly: 12 }).where(eq(plans.id, row!.id));
    await client.waitFor((change) => change.table === 'plans' && change.op === 'update');
    await t.database.db.delete(plans).where(eq(plans.id, row!.id));
    await client.waitFor((change) => change.table === 'plans' && change.op === 'delete' && change.id === row!.id);
  });

  it('keeps changes to admin-only tables from anonymous listeners and from a forged session cookie', async () => {
    const { t, events } = await started();
    const anonymous = await stream(events);
    const forged = await stream(events, { cookie: 'vitrine.session_token=inventado.assinatura-falsa' });

    await t.database.db.insert(proUsers).values({ email: 'segredo@vitrine.test' });
    await t.database.db.insert(contactMessages).values(contactMessage('Particular'));
    const [row] = await t.database.db.insert(plans).values({ name: 'Depois', priceMonthly: 10 }).returning();
    for (const client of [anonymous, forged]) {
      await client.waitFor((change) => change.id === row!.id);
      expect(client.changes.map((change) => change.table)).toEqual(['plans']);
    }
  });

  it('ends open streams when the server closes, so shutdown does not hang', async () => {
    const t = await buildTestApp();
    const client = await connectSse(`${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/events`);
    await t.close();
    await client.closed;
    expect(t.app.events.clientCount).toBe(0);
  });

  it.skipIf(testDbKind() !== 'postgres')('reaches an event-stream client of a second API instance on the same PostgreSQL', async () => {
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
    const client = await stream(`${addressB}/api/events`);

    // The write goes through instance A's connection; only NOTIFY can carry it to B.
    const [row] = await a.database.db.insert(plans).values({ name: 'Cruzado', priceMonthly: 20 }).returning();
    await client.waitFor((change) => change.table === 'plans' && change.op === 'insert' && change.id === row!.id);
  });
});

describe('private events reach only sessions that are PRO at the time of the event', () => {
  it('a deactivated PRO user keeps public events but receives no private event after the deactivation', async () => {
    const { t, events } = await started({ env: adminEnv });
    const cookie = await signInAsAdmin(t.app);
    const client = await stream(events, { cookie });

    const [before] = await t.database.db.insert(contactMessages).values(contactMessage('Antes')).returning();
    await client.waitFor((change) => change.table === 'contact_messages' && change.id === before!.id);

    // As another instance (or any other writer) would: straight in the database.
    await t.database.db.update(proUsers).set({ isActive: false }).where(eq(proUsers.email, ADMIN.email));
    const [after] = await t.database.db.insert(contactMessages).values(contactMessage('Depois')).returning();
    const [plan] = await t.database.db.insert(plans).values({ name: 'Público', priceMonthly: 30 }).returning();
    await client.waitFor((change) => change.table === 'plans' && change.id === plan!.id);

    expect(client.changes.some((change) => change.id === after!.id)).toBe(false);
    const afterDeactivation = client.changes.slice(client.changes.findIndex((change) => change.id === before!.id) + 1);
    expect(afterDeactivation.map((change) => change.table)).toEqual(['plans']);
  });

  it('a signed-out session receives no private event, while another session of the same user still does', async () => {
    const { t, events } = await started({ env: adminEnv });
    const leaving = await signInAsAdmin(t.app);
    const staying = await signInAsAdmin(t.app);
    const leavingStream = await stream(events, { cookie: leaving });
    const stayingStream = await stream(events, { cookie: staying });

    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: leaving } });
    expect(signOut.statusCode).toBe(200);

    const [message] = await t.database.db.insert(contactMessages).values(contactMessage('Depois de sair')).returning();
    const [plan] = await t.database.db.insert(plans).values({ name: 'Para todos', priceMonthly: 30 }).returning();
    await stayingStream.waitFor((change) => change.id === message!.id);
    await stayingStream.waitFor((change) => change.id === plan!.id);
    await leavingStream.waitFor((change) => change.id === plan!.id);
    expect(leavingStream.changes.some((change) => change.table === 'contact_messages')).toBe(false);
  });

  // Issue 43: /api/events streamed pro_users and audit_log events to an admin's session without two-factor.
  it('REQUIRE_TWO_FACTOR: a PRO session without two-factor opens no stream, and one whose two-factor is turned off hears no private event after that', async () => {
    const { t, events } = await started({ env: { ...adminEnv, REQUIRE_TWO_FACTOR: 'true' } });
    const cookie = await signInAsAdmin(t.app);
    const refused = await refusedStream(events, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: { code: 'two_factor_required', message: 'A verificação em duas etapas é obrigatória para administradores. Ative-a para continuar.' },
    });
    // A visitor's stream is not asked anything.
    const visitor = await stream(events);

    // Two-factor on (straight in the database, as enrolment through any instance leaves it): the stream opens.
    const twoFactor = (on: boolean) => t.database.db.update(users).set({ twoFactorEnabled: on }).where(eq(users.email, ADMIN.email));
    await twoFactor(true);
    const client = await stream(events, { cookie });
    const [before] = await t.database.db.insert(proUsers).values({ email: 'antes@vitrine.test' }).returning();
    await client.waitFor((change) => change.table === 'pro_users' && change.id === before!.id);

    await twoFactor(false);
    const [after] = await t.database.db.insert(proUsers).values({ email: 'depois@vitrine.test' }).returning();
    const [plan] = await t.database.db.insert(plans).values({ name: 'Para todos', priceMonthly: 30 }).returning();
    await client.waitFor((change) => change.table === 'plans' && change.id === plan!.id);
    await visitor.waitFor((change) => change.table === 'plans' && change.id === plan!.id);
    expect(client.changes.some((change) => change.id === after!.id)).toBe(false);
    expect(visitor.changes.some((change) => change.table === 'pro_users')).toBe(false);
  });

  it('names a PRO user by a non-personal id, never by the e-mail', async () => {
    const { t, events } = await started({ env: adminEnv });
    const client = await stream(events, { cookie: await signInAsAdmin(t.app) });

    const [added] = await t.database.db.insert(proUsers).values({ email: 'nova.pessoa@vitrine.test' }).returning();
    await t.database.db.update(proUsers).set({ isActive: false }).where(eq(proUsers.email, 'nova.pessoa@vitrine.test'));
    await t.database.db.delete(proUsers).where(eq(proUsers.email, 'nova.pessoa@vitrine.test'));
    await client.waitFor((change) => change.table === 'pro_users' && change.op === 'delete');

    const proUserChanges = client.changes.filter((change) => change.table === 'pro_users');
    expect(proUserChanges.map((change) => change.op)).toEqual(['insert', 'update', 'delete']);
    expect(proUserChanges.every((change) => change.id === added!.id)).toBe(true);
    expect(JSON.stringify(client.changes)).not.toContain('@');
  });

  it("tells each session whether an admin write was its own ('self') or another session's ('other'); background writes record none", async () => {
    const { t, events } = await started({ env: adminEnv });
    const writer = await signInAsAdmin(t.app);
    const watcher = await signInAsAdmin(t.app);
    const writerStream = await stream(events, { cookie: writer });
    const watcherStream = await stream(events, { cookie: watcher });

    // A job's write (no person, no session) changes the table but records no audit row.
    const [background] = await t.database.db.insert(plans).values({ name: 'Do trabalho agendado', priceMonthly: 5 }).returning();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/plans',
      headers: { cookie: writer },
      payload: { name: 'Da pessoa', priceMonthly: 7 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const planId = created.json<{ id: string }>().id;
    const isWrite = (change: { table: string; op: string }) => change.table === 'audit_log' && change.op === 'insert';
    await writerStream.waitFor(isWrite);
    await watcherStream.waitFor(isWrite);
    for (const client of [writerStream, watcherStream]) {
      await client.waitFor((change) => change.table === 'plans' && change.id === planId);
      expect(client.changes.some((change) => change.table === 'plans' && change.id === background!.id)).toBe(true);
      // One write, one audit event: the background insert made none.
      expect(client.changes.filter(isWrite)).toHaveLength(1);
    }
    expect(writerStream.changes.find(isWrite)!.origin).toBe('self');
    expect(watcherStream.changes.find(isWrite)!.origin).toBe('other');
    // The writer's session id never leaves the server.
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.recordId, planId));
    expect(row!.actorSessionId).toEqual(expect.any(String));
    expect(JSON.stringify([...writerStream.changes, ...watcherStream.changes])).not.toContain(row!.actorSessionId!);
  });

  it.skipIf(testDbKind() !== 'postgres')('a deactivation made through another API instance stops private events on this one', async () => {
    const database = await createTestDatabase('postgres');
    const a = await buildTestApp({ database, env: adminEnv });
    cleanups.push(() => a.close());
    const secondHandle = await openDatabase({ databaseUrl: database.url!, poolSize: 2 });
    const b = await buildApp({ env: testEnv(adminEnv), database: secondHandle });
    cleanups.push(async () => {
      await b.close();
      await secondHandle.close();
    });
    await b.ready();
    const addressA = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = await signInAsAdmin(a.app);
    const client = await stream(`${addressA}/api/events`, { cookie });

    // Through the other instance's own connection (an admin may not deactivate their own e-mail
    // through the API, and the change must cross instances as a notification either way).
    await listPro(secondHandle.db, ADMIN.email, false);
    const sent = await b.inject({ method: 'POST', url: '/api/contact', payload: contactMessage('Pela outra instância') });
    expect(sent.statusCode, sent.body).toBe(201);
    const [plan] = await a.database.db.insert(plans).values({ name: 'Cruzado', priceMonthly: 20 }).returning();
    await client.waitFor((change) => change.id === plan!.id);
    expect(client.changes.some((change) => change.id === sent.json<{ id: string }>().id)).toBe(false);
  });
});

describe('the number of open streams is bounded', () => {
  it('one client may hold six streams: the seventh gets 429 in Portuguese, and the site keeps answering', async () => {
    const { base, events } = await started();
    const open: SseClient[] = [];
    for (let i = 0; i < 6; i++) open.push(await stream(events));

    const refused = await refusedStream(events);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: {
        code: 'events.too_many_streams',
        message: 'Muitas conexões de atualização abertas. Feche algumas abas e tente novamente em instantes.',
      },
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await fetch(`${base}/api/plans`)).status).toBe(200);

    // Closing a tab frees its place.
    open[0]!.close();
    await until(async () => (await refusedStream(events)).status !== 429, 'um fluxo liberado');
  });

  it("a HEAD answers within a second with the stream's headers and holds no place; when the client's places are taken it is told the GET's 429", async () => {
    const { t, events } = await started();
    // More HEADs than the client's six places: before, the first one never answered and held its place.
    for (let i = 0; i < 8; i++) {
      const head = await headOfStream(events);
      expect(head.status).toBe(200);
      expect(head.ms).toBeLessThan(1_000);
      expect(head.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(head.headers['cache-control']).toBe('no-store');
      expect(head.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(t.app.events.clientCount).toBe(0);
    for (let i = 0; i < 6; i++) await stream(events);
    const full = await headOfStream(events);
    expect(full.status).toBe(429);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.app.events.clientCount).toBe(6);
  });

  it('a burst of simultaneous requests from one client opens no more than six streams', async () => {
    const { t, events } = await started();
    const attempts = await Promise.allSettled(Array.from({ length: 20 }, () => connectSse(events)));
    const opened = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
    cleanups.push(async () => opened.forEach((client) => client.close()));
    const refusals = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason as SseRefused] : []));
    expect(opened).toHaveLength(6);
    expect(refusals.map((refusal) => refusal.status)).toEqual(Array(14).fill(429));
    expect(t.app.events.clientCount).toBe(6);
  });

  it('the instance holds at most EVENT_STREAMS_MAX streams: the next client gets 503 while others still get pages', async () => {
    const { base, events } = await started({
      env: { TRUST_PROXY: 'true', EVENT_STREAMS_MAX: '4', EVENT_STREAMS_PER_CLIENT: '2' },
    });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      await stream(events, from(address));
      await stream(events, from(address));
    }
    expect((await refusedStream(events, from('203.0.113.1'))).status).toBe(429);

    const refused = await refusedStream(events, from('203.0.113.3'));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      error: {
        code: 'events.unavailable',
        message: 'Atualizações em tempo real indisponíveis no momento. Tente novamente em instantes.',
      },
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);

    const page = await fetch(`${base}/api/plans`, { headers: from('203.0.113.4') });
    expect(page.status).toBe(200);
    expect((await fetch(`${base}/api/health`, { headers: from('203.0.113.4') })).status).toBe(200);
  });
});

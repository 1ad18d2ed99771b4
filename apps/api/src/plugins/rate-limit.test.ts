import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, testEnv, type TestApp } from '../../test/app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../test/database.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { apps, rateLimits } from '../db/schema.ts';
import { SIGN_IN_PER_EMAIL } from '../modules/access/access.limits.ts';
import { ADMIN, adminEnv } from '../modules/access/access.test-support.ts';
import { DOWNLOAD_FAILURES_MAX, DOWNLOAD_FAILURES_WINDOW_MS } from '../modules/catalog/catalog.routes.ts';
import { createRateLimitCounters, RATE_LIMIT_CLEANUP_INTERVAL_MS } from './rate-limit.ts';

const MINUTE = 60_000;
/** SIGN_IN_ATTEMPTS_PER_EMAIL_HOUR for these tests (100 by default). */
const PER_EMAIL = 20;
const perEmailEnv = { ...adminEnv, SIGN_IN_ATTEMPTS_PER_EMAIL_HOUR: String(PER_EMAIL) };
const CONTACT_MAX = 10;
const CONTACT_WINDOW_MS = 10 * MINUTE;

const contactMessage = { name: 'Visitante', email: 'visitante@example.com', subject: 'Oi', message: 'Uma mensagem' };

describe("the application's limits keep their own window, whatever better-auth's limiter does", () => {
  // Date is moved for everything in the process: better-auth's limiter, which prunes its own table by
  // its one-minute window, sees the same two minutes go by as ours.
  let now = Date.now();
  const advance = (ms: number) => {
    now += ms;
    vi.setSystemTime(now);
  };
  let t: TestApp;
  let appId: string;

  beforeAll(async () => {
    vi.setSystemTime(now);
    t = await buildTestApp({ env: perEmailEnv });
    const [row] = await t.database.db.insert(apps).values({ name: 'Aplicativo com código' }).returning();
    appId = row!.id;
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const signInAttempt = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress });

  let visitors = 0;
  /** Someone unrelated signs in twice, two minutes apart: better-auth then deletes every row of its table older than a minute. */
  async function unrelatedSignInsTwoMinutesApart() {
    const visitor = `192.0.2.${++visitors}`;
    expect((await signInAttempt('visitante@example.com', 'qualquer-senha', visitor)).statusCode).toBe(403);
    advance(2 * MINUTE);
    expect((await signInAttempt('visitante@example.com', 'qualquer-senha', visitor)).statusCode).toBe(403);
    const { rows } = await t.database.db.execute<{ stale: number | string }>(
      sql`select count(*) as stale from ${rateLimits} where ${rateLimits.lastRequest} < ${now - MINUTE}`,
    );
    expect(Number(rows[0]!.stale)).toBe(0);
  }

  it(`an attacker's ${PER_EMAIL} wrong passwords on one e-mail from as many addresses still block it two minutes later, after someone else signed in`, async () => {
    for (let attempt = 1; attempt <= PER_EMAIL; attempt++) {
      expect((await signInAttempt(ADMIN.email, `errada-${attempt}`, `198.51.100.${attempt}`)).statusCode).toBe(401);
    }
    await unrelatedSignInsTwoMinutesApart();

    const blocked = await signInAttempt(ADMIN.email, ADMIN.password, '198.51.100.100');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('auth.sign_in_locked');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(SIGN_IN_PER_EMAIL.timeWindow / 1000 - 3 * 60);

    // The window is fixed from the first attempt: once it has passed, the owner gets in.
    advance(SIGN_IN_PER_EMAIL.timeWindow - 2 * MINUTE);
    expect((await signInAttempt(ADMIN.email, ADMIN.password, '198.51.100.101')).statusCode).toBe(200);
  });

  it(`a visitor who guessed ${DOWNLOAD_FAILURES_MAX} download codes wrong is still refused two minutes later, after someone else signed in`, async () => {
    const guesser = '203.0.113.7';
    const guess = () => t.app.inject({ method: 'POST', url: `/api/apps/${appId}/downloads`, payload: { code: 'CHUTE1' }, remoteAddress: guesser });
    for (let attempt = 0; attempt < DOWNLOAD_FAILURES_MAX; attempt++) expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(429);

    await unrelatedSignInsTwoMinutesApart();
    const blocked = await guess();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('catalog.too_many_download_attempts');

    advance(DOWNLOAD_FAILURES_WINDOW_MS - 2 * MINUTE);
    expect((await guess()).statusCode).toBe(400);
  });

  it(`a visitor who sent ${CONTACT_MAX} contact messages is still refused two minutes later, after someone else signed in`, async () => {
    const sender = '203.0.113.8';
    const send = () => t.app.inject({ method: 'POST', url: '/api/contact', payload: contactMessage, remoteAddress: sender });
    for (let message = 0; message < CONTACT_MAX; message++) expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(429);

    await unrelatedSignInsTwoMinutesApart();
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');

    advance(CONTACT_WINDOW_MS - 2 * MINUTE);
    expect((await send()).statusCode).toBe(201);
  });
});

describe.skipIf(testDbKind() !== 'postgres')('two API instances on one PostgreSQL', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
  });

  it('share one count of sign-in attempts per e-mail', async () => {
    const database = await createTestDatabase('postgres');
    const a = await buildTestApp({ database, env: perEmailEnv });
    closers.push(() => a.close());
    const secondHandle = await openDatabase({ databaseUrl: database.url!, poolSize: 2 });
    const b = await buildApp({ env: testEnv(perEmailEnv), database: secondHandle });
    closers.push(async () => {
      await b.close();
      await secondHandle.close();
    });
    await b.ready();

    for (let attempt = 1; attempt <= PER_EMAIL; attempt++) {
      const instance = attempt % 2 ? a.app : b;
      const response = await instance.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: ADMIN.email, password: `errada-${attempt}` },
        remoteAddress: `198.51.100.${attempt}`,
      });
      expect(response.statusCode).toBe(401);
    }
    for (const instance of [a.app, b]) {
      const response = await instance.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: ADMIN.email, password: ADMIN.password },
        remoteAddress: '198.51.100.200',
      });
      expect(response.statusCode).toBe(429);
    }
  });
});

describe('the counters behind the limits', () => {
  let database: TestDatabase;
  let clock = 1_700_000_000_000;
  const counters = () => createRateLimitCounters({ db: database.db, now: () => clock });
  const keys = async () => (await database.db.execute<{ key: string }>(sql`select key from app_rate_limits order by key`)).rows.map((row) => row.key);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('count in a fixed window that starts at the first hit and does not slide with later hits', async () => {
    const limiter = counters();
    expect(await limiter.hit('janela', MINUTE)).toEqual({ current: 1, ttl: MINUTE });
    clock += 50_000;
    expect(await limiter.hit('janela', MINUTE)).toEqual({ current: 2, ttl: 10_000 });
    expect(await limiter.read('janela')).toEqual({ current: 2, ttl: 10_000 });
    clock += 9_999;
    expect(await limiter.hit('janela', MINUTE)).toEqual({ current: 3, ttl: 1 });
    clock += 1;
    expect(await limiter.read('janela')).toEqual({ current: 0, ttl: 0 });
    expect(await limiter.hit('janela', MINUTE)).toEqual({ current: 1, ttl: MINUTE });
  });

  it('count every one of many simultaneous hits', async () => {
    const limiter = counters();
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('rajada', MINUTE)));
    expect(results.map((result) => result.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await limiter.read('rajada')).current).toBe(40);
  });

  it("delete their own expired rows at most once a minute, and never better-auth's", async () => {
    await database.db.execute(sql`delete from app_rate_limits`);
    await database.db.insert(rateLimits).values({ id: 'alheia', key: '127.0.0.1/sign-in/email', count: 3, lastRequest: 1 });
    const limiter = counters();

    await limiter.hit('a', MINUTE); // the first hit cleans up (nothing to delete yet)
    clock += 30_000;
    await limiter.hit('b', 10_000);
    clock += RATE_LIMIT_CLEANUP_INTERVAL_MS - 30_000;
    await limiter.hit('c', MINUTE); // a minute later: 'a' and 'b' have ended and are deleted
    expect(await keys()).toEqual(['c']);

    clock += 1_000;
    await limiter.hit('d', 1_000);
    clock += 5_000;
    await limiter.hit('e', MINUTE); // 'd' has ended, but the last cleanup was 6 s ago
    expect(await keys()).toEqual(['c', 'd', 'e']);

    clock += RATE_LIMIT_CLEANUP_INTERVAL_MS;
    await limiter.hit('f', MINUTE);
    expect(await keys()).toEqual(['f']);
    expect(await database.db.select().from(rateLimits)).toEqual([{ id: 'alheia', key: '127.0.0.1/sign-in/email', count: 3, lastRequest: 1 }]);
  });
});

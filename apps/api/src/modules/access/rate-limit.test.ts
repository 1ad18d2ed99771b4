import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { users } from '../../db/schema.ts';
import { LINK_LIMITS } from './access.routes.ts';
import { ADMIN, adminEnv, confirmAccount, forgotPassword, listPro, mailedToken, resetPassword, signIn, signUp } from './access.test-support.ts';
import { defaultAuthRateLimits } from './auth.ts';

const { max } = defaultAuthRateLimits.signIn;
/** SIGN_IN_ATTEMPTS_PER_EMAIL_HOUR for these tests (100 by default). */
const PER_EMAIL = 20;

describe('repeated wrong sign-ins are throttled per client IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
  });
  afterAll(() => t.close());

  it(`answers 429 in Portuguese after ${max} attempts, and a forged X-Forwarded-For does not reset the count`, async () => {
    // A different e-mail each time: the back-off per e-mail and address (access.limits.test.ts) stays out of it.
    for (let attempt = 1; attempt <= max; attempt++) {
      const response = await signIn(t.app, `pessoa${attempt}@example.com`, `errada-${attempt}`, { 'x-forwarded-for': `203.0.113.${attempt}` });
      expect(response.statusCode).toBe(403);
    }
    const blocked = await signIn(t.app, ADMIN.email, ADMIN.password, { 'x-forwarded-for': '198.51.100.77' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    expect(blocked.json().error.message).toMatch(/^Muitas tentativas\. Aguarde \d+ segundos e tente novamente\.$/);
    expect(blocked.headers['set-cookie']).toBeUndefined();

    // Not even the right password gets through, nor an unlisted e-mail, from the same address.
    expect((await signIn(t.app, ADMIN.email, ADMIN.password)).statusCode).toBe(429);
    expect((await signIn(t.app, 'outro@example.com', 'qualquer-senha')).statusCode).toBe(429);
  });

  it('counts from the connection address, so another client is not affected', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: ADMIN.email, password: ADMIN.password },
      remoteAddress: '192.0.2.50',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('sign-up and confirmation are throttled per IP too', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('limits sign-up attempts per IP', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= defaultAuthRateLimits.signUp.max; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: `pessoa${attempt}@example.com`, password: 'senha-secreta' },
        headers: { 'x-forwarded-for': `203.0.113.${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 403)).toBe(true);
  });

  it('limits confirmation attempts per IP, whatever link is tried', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LINK_LIMITS.confirmPerIp.max; attempt++) {
      statuses.push((await confirmAccount(t.app, `chute-${attempt}`, 'senha-secreta')).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the password of a pending sign-up cannot be guessed through its link', () => {
  it(`stops after ${LINK_LIMITS.confirmPerLink.max} attempts on one link, from any address, even for the right password`, async () => {
    const t = await buildTestApp({ jobs: fastJobs });
    try {
      await listPro(t.database.db, 'alvo@example.com');
      await signUp(t.app, 'alvo@example.com', 'senha-certa');
      const token = await mailedToken(t.database.db, 'alvo@example.com');
      for (let attempt = 1; attempt <= LINK_LIMITS.confirmPerLink.max; attempt++) {
        const response = await confirmAccount(t.app, token, `chute-${attempt}`, {}, `198.51.100.${attempt}`);
        expect(response.json().error.code).toBe('auth.wrong_signup_password');
      }
      const blocked = await confirmAccount(t.app, token, 'senha-certa', {}, '198.51.100.99');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.message).toMatch(/^Muitas tentativas\. Aguarde \d+ segundos e tente novamente\.$/);
      expect(await t.database.db.select().from(users).where(eq(users.email, 'alvo@example.com'))).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe('reset requests are throttled', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it(`per e-mail after ${LINK_LIMITS.forgotPerEmail.max} requests, whatever the address, without touching other e-mails`, async () => {
    for (let attempt = 1; attempt <= LINK_LIMITS.forgotPerEmail.max; attempt++) {
      expect((await forgotPassword(t.app, 'caixa@example.com', {}, `203.0.113.${attempt}`)).statusCode).toBe(200);
    }
    const blocked = await forgotPassword(t.app, ' CAIXA@example.com', {}, '203.0.113.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    expect((await forgotPassword(t.app, 'outra.caixa@example.com', {}, '203.0.113.98')).statusCode).toBe(200);
  });

  it(`per IP after ${LINK_LIMITS.forgotPerIp.max} requests, whatever the e-mail`, async () => {
    for (let attempt = 1; attempt <= LINK_LIMITS.forgotPerIp.max; attempt++) {
      expect((await forgotPassword(t.app, `pessoa${attempt}@example.com`, {}, '192.0.2.7')).statusCode).toBe(200);
    }
    expect((await forgotPassword(t.app, 'mais.uma@example.com', {}, '192.0.2.7')).statusCode).toBe(429);
  });

  it(`per link after ${LINK_LIMITS.resetPerLink.max} attempts on one reset link`, async () => {
    for (let attempt = 1; attempt <= LINK_LIMITS.resetPerLink.max; attempt++) {
      expect((await resetPassword(t.app, 'link-qualquer', 'senha-nova', {}, `198.51.100.${attempt}`)).statusCode).toBe(400);
    }
    expect((await resetPassword(t.app, 'link-qualquer', 'senha-nova', {}, '198.51.100.99')).statusCode).toBe(429);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...adminEnv, TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('counts per forwarded client address', async () => {
    for (let attempt = 0; attempt < max; attempt++) {
      await signIn(t.app, `pessoa${attempt}@example.com`, 'senha-errada', { 'x-forwarded-for': '203.0.113.9' });
    }
    expect((await signIn(t.app, ADMIN.email, 'senha-errada', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(429);
    expect((await signIn(t.app, ADMIN.email, ADMIN.password, { 'x-forwarded-for': '203.0.113.10' })).statusCode).toBe(200);
  });
});

describe('one account attacked from many addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...adminEnv, SIGN_IN_ATTEMPTS_PER_EMAIL_HOUR: String(PER_EMAIL) } });
  });
  afterAll(() => t.close());

  it(`is throttled after SIGN_IN_ATTEMPTS_PER_EMAIL_HOUR attempts on that e-mail, whatever the address`, async () => {
    for (let attempt = 1; attempt <= PER_EMAIL; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: ADMIN.email, password: `errada-${attempt}` },
        remoteAddress: `198.51.100.${attempt}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: ` ${ADMIN.email.toUpperCase()}`, password: ADMIN.password },
      remoteAddress: '198.51.100.200',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('auth.sign_in_locked');
    expect(blocked.json().error.message).toContain('Esqueci minha senha');

    // The counters keep no e-mail or address at rest, only digests of them.
    const { rows } = await t.database.db.execute<{ key: string }>(sql`select key from app_rate_limits`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).not.toContain('@');
      expect(key).not.toContain('198.51.100');
    }

    // Other accounts are not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'outro@example.com', password: 'qualquer-senha' },
      remoteAddress: '198.51.100.201',
    });
    expect(other.statusCode).toBe(403);
  });
});

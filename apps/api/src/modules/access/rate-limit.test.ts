import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { ADMIN, adminEnv, signIn } from './access.test-support.ts';
import { SIGN_IN_PER_EMAIL } from './access.routes.ts';
import { defaultAuthRateLimits } from './auth.ts';

const { max } = defaultAuthRateLimits.signIn;

describe('repeated wrong sign-ins are throttled per client IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
  });
  afterAll(() => t.close());

  it(`answers 429 in Portuguese after ${max} attempts, and a forged X-Forwarded-For does not reset the count`, async () => {
    for (let attempt = 1; attempt <= max; attempt++) {
      const response = await signIn(t.app, ADMIN.email, `errada-${attempt}`, { 'x-forwarded-for': `203.0.113.${attempt}` });
      expect(response.statusCode).toBe(401);
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

describe('sign-up and confirmation are throttled too', () => {
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

  it('limits confirmation-link attempts per IP', async () => {
    let last = 0;
    for (let attempt = 0; attempt <= defaultAuthRateLimits.verifyEmail.max; attempt++) {
      const response = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=chute-${attempt}` });
      last = response.statusCode;
    }
    expect(last).toBe(429);
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
      await signIn(t.app, ADMIN.email, 'senha-errada', { 'x-forwarded-for': '203.0.113.9' });
    }
    expect((await signIn(t.app, ADMIN.email, 'senha-errada', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(429);
    expect((await signIn(t.app, ADMIN.email, ADMIN.password, { 'x-forwarded-for': '203.0.113.10' })).statusCode).toBe(200);
  });
});

describe('one account attacked from many addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
  });
  afterAll(() => t.close());

  it(`is throttled after ${SIGN_IN_PER_EMAIL.max} attempts on that e-mail, whatever the address`, async () => {
    for (let attempt = 1; attempt <= SIGN_IN_PER_EMAIL.max; attempt++) {
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
    expect(blocked.json().error.message).toMatch(/^Muitas tentativas\. Aguarde \d+ segundos e tente novamente\.$/);

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

// What a stranger can no longer do to the owner of a listed e-mail: void their invitation or the
// link already in their mailbox, flood that mailbox, or lock them out by guessing passwords.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { backoffDelayMs, CONFIRMATION_MAILS_PER_EMAIL, SIGN_IN_BACKOFF, SIGN_IN_PER_EMAIL } from './access.limits.ts';
import { ADMIN, adminEnv, listPro, mailedToken, mailsTo, sessionCookie, signInAsAdmin, visitor, waitForMailedToken } from './access.test-support.ts';
import { LINK_LIFETIME_MS } from './signups.usecases.ts';

const STRANGERS_PASSWORD = 'senha-do-estranho';
const OWNERS_PASSWORD = 'senha-da-dona';
// Building an app and sending a hundred sign-ins take long on a busy two-core machine.
const BUILD_TIMEOUT_MS = 240_000;

/** A clock the test moves; everything the app times (limits, links) reads it. */
function testClock() {
  let now = Date.now();
  return { read: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe('an invitation', { timeout: BUILD_TIMEOUT_MS }, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
    admin = await signInAsAdmin(t.app);
  }, BUILD_TIMEOUT_MS);
  afterAll(() => t.close());

  it('stays valid whatever a stranger does: their sign-up replaces nothing, mails the owner nothing, and sets no password', async () => {
    const email = 'convite.firme@example.com';
    const invited = await t.app.inject({
      method: 'PUT',
      url: '/api/access/pro-users',
      headers: { cookie: admin },
      payload: { email, isActive: true, invite: true },
    });
    expect(invited.json()).toMatchObject({ invitation: 'sent' });
    const token = await mailedToken(t.database.db, email);
    const mailsBefore = (await mailsTo(t.database.db, email)).length;
    const [stranger, owner] = [visitor(t.app), visitor(t.app)];

    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await stranger.signUp(email, STRANGERS_PASSWORD);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: {
          code: 'auth.invitation_pending',
          message:
            'Este e-mail tem um convite pendente. Abra o link do convite enviado ao seu e-mail para escolher sua senha, ou peça um novo convite ao administrador.',
        },
      });
    }
    expect(await mailsTo(t.database.db, email)).toHaveLength(mailsBefore);
    expect((await stranger.signIn(email, STRANGERS_PASSWORD)).statusCode).toBe(401);

    expect((await owner.lookup(token)).json()).toEqual({ email, kind: 'invitation' });
    const confirmed = await owner.confirm(token, OWNERS_PASSWORD);
    expect(confirmed.json()).toEqual({ confirmed: true, email, signedIn: true });
    expect(await owner.me(sessionCookie(confirmed))).toEqual({ signedIn: true, email, isPro: true });
    expect((await stranger.signIn(email, STRANGERS_PASSWORD)).statusCode).toBe(401);
  });
});

describe('confirmation mails', { timeout: BUILD_TIMEOUT_MS }, () => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ jobs: fastJobs, clock: clock.read });
  }, BUILD_TIMEOUT_MS);
  afterAll(() => t.close());

  it(`are at most ${CONFIRMATION_MAILS_PER_EMAIL.max} an hour per e-mail, whatever the addresses asking`, async () => {
    const email = 'caixa.cheia@example.com';
    await listPro(t.database.db, email);
    for (let attempt = 0; attempt < CONFIRMATION_MAILS_PER_EMAIL.max; attempt++) {
      expect((await visitor(t.app).signUp(email, STRANGERS_PASSWORD)).statusCode).toBe(200);
    }
    const refused = await visitor(t.app).signUp(email, STRANGERS_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Muitos emails de confirmação para este endereço\. Aguarde \d+ segundos e tente novamente\.$/);
    expect(await mailsTo(t.database.db, email)).toHaveLength(CONFIRMATION_MAILS_PER_EMAIL.max);

    clock.advance(CONFIRMATION_MAILS_PER_EMAIL.timeWindow);
    expect((await visitor(t.app).signUp(email, OWNERS_PASSWORD)).statusCode).toBe(200);
  });

  it('are not re-sent by a sign-in while the link already mailed works, so that link stays valid; an expired one is replaced', async () => {
    const email = 'ainda.nao.confirmou@example.com';
    await listPro(t.database.db, email);
    const owner = visitor(t.app);
    await owner.signUp(email, OWNERS_PASSWORD);
    const first = await mailedToken(t.database.db, email);

    const early = await owner.signIn(email, OWNERS_PASSWORD);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('auth.email_not_confirmed');
    expect(await mailsTo(t.database.db, email)).toHaveLength(1);
    expect((await owner.lookup(first)).json()).toEqual({ email, kind: 'signup' });

    // A day later the link has expired: the sign-up password mails a fresh one, which works.
    clock.advance(LINK_LIFETIME_MS.signup + 1);
    expect((await owner.signIn(email, OWNERS_PASSWORD)).statusCode).toBe(403);
    expect(await mailsTo(t.database.db, email)).toHaveLength(2);
    expect((await owner.confirm(await mailedToken(t.database.db, email), OWNERS_PASSWORD)).statusCode).toBe(200);
  });
});

describe('wrong passwords', { timeout: BUILD_TIMEOUT_MS }, () => {
  // The ceiling is SIGN_IN_ATTEMPTS_PER_EMAIL_HOUR (100 by default); lower here, so reaching it is quick.
  const perEmailMax = 40;
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...adminEnv, SIGN_IN_ATTEMPTS_PER_EMAIL_HOUR: String(perEmailMax) }, jobs: fastJobs, clock: clock.read });
  }, BUILD_TIMEOUT_MS);
  afterAll(() => t.close());

  it("from a stranger's address, however many, do not stop the owner signing in from theirs", async () => {
    const stranger = visitor(t.app);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 25; attempt++) {
      const response = await stranger.signIn(ADMIN.email, `errada-${attempt}`);
      statuses.push(response.statusCode);
      // The stranger waits as long as told, so every attempt is really made.
      if (response.statusCode === 429) clock.advance(Number(response.headers['retry-after']) * 1000);
    }
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(SIGN_IN_BACKOFF.freeAttempts);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);

    expect((await visitor(t.app).signIn(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('from one address wait longer each time, a second at first, and the right password after the wait gets in', async () => {
    const typist = visitor(t.app);
    for (let attempt = 1; attempt <= SIGN_IN_BACKOFF.freeAttempts; attempt++) {
      expect((await typist.signIn(ADMIN.email, `errada-${attempt}`)).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await typist.signIn(ADMIN.email, 'errada-de-novo');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(/^Muitas tentativas\. Aguarde \d+ segundos e tente novamente\.$/);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      clock.advance(wait * 1000 - 1);
      expect((await typist.signIn(ADMIN.email, 'errada-de-novo')).statusCode).toBe(429);
      clock.advance(1);
      expect((await typist.signIn(ADMIN.email, 'errada-de-novo')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    expect(backoffDelayMs(SIGN_IN_BACKOFF.freeAttempts + 3)).toBe(8_000);

    clock.advance(8_000);
    expect((await typist.signIn(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    // Getting in forgets the typos: the next wrong password is answered at once.
    expect((await typist.signIn(ADMIN.email, 'errada')).statusCode).toBe(401);
  });

  it('from every address together stop at SIGN_IN_ATTEMPTS_PER_EMAIL_HOUR for the e-mail; the mailed reset link lets the owner in and lifts the pause', async () => {
    clock.advance(SIGN_IN_PER_EMAIL.timeWindow);
    for (let attempt = 1; attempt <= perEmailMax; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: ADMIN.email, password: `errada-${attempt}` },
        remoteAddress: `198.51.${100 + Math.floor(attempt / 200)}.${attempt % 200}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const owner = visitor(t.app);
    const paused = await owner.signIn(ADMIN.email, ADMIN.password);
    expect(paused.statusCode).toBe(429);
    expect(paused.json().error.code).toBe('auth.sign_in_locked');
    expect(paused.json().error.message).toContain('Esqueci minha senha');
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(50 * 60);

    const mailsBefore = (await mailsTo(t.database.db, ADMIN.email)).length;
    expect((await owner.forgotPassword(ADMIN.email)).statusCode).toBe(200);
    const token = await waitForMailedToken(t.database.db, ADMIN.email, 'reset', mailsBefore);
    const reset = await owner.resetPassword(token, 'senha-nova-do-admin');
    expect(reset.json()).toEqual({ reset: true, email: ADMIN.email, signedIn: true });
    expect((await visitor(t.app).signIn(ADMIN.email, 'senha-nova-do-admin')).statusCode).toBe(200);
  });
});

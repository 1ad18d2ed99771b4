import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { twoFactorErrorMessages } from '@vitrine/domain/two-factor';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildLoggedTestApp } from '../../../test/logs.ts';
import { connectSse, SseRefused } from '../../../test/sse.ts';
import type { Database } from '../../db/client.ts';
import { twoFactors, users } from '../../db/schema.ts';
import { newVisitor, ORIGIN } from '../chat/chat.test-support.ts';
import { multipartBody, PDF, PNG } from '../uploads/uploads.test-support.ts';
import { listPro } from './access.test-support.ts';
import { insertConfirmedAccount } from './signups.repository.ts';
import { totpStepAt } from './totp-once.ts';

const PASSWORD = 'senha-do-admin-2fa';

/** The cookies a response sets, by name; cookies it deletes (Max-Age=0) are left out. */
function cookiesSet(response: { headers: Record<string, unknown> }): Map<string, string> {
  const raw = response.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
  const found = new Map<string, string>();
  for (const line of lines) {
    if (/max-age=0/i.test(line)) continue;
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    found.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
  return found;
}
const cookieHeader = (cookies: Map<string, string>, name: string) => {
  const value = cookies.get(name);
  if (!value) throw new Error(`cookie ${name} ausente: ${[...cookies.keys()].join(', ')}`);
  return `${name}=${value}`;
};
const SESSION = 'vitrine.session_token';
const CHALLENGE = 'vitrine.two_factor';

/** The code an authenticator app shows at that time step for the otpauth URI (a real TOTP, computed from its secret). */
async function codeAt(totpURI: string, step: number): Promise<string> {
  const secret = new URL(totpURI).searchParams.get('secret')!;
  return createOTP(base32.decode(secret), { digits: 6, period: 30 }).hotp(step);
}
/**
 * The code an authenticator app shows now, or that many periods from now. A code is accepted once: after
 * the one that confirmed enrolment, a test signs in with the next one (`codeFor(uri, 1)`, within the window).
 */
const codeFor = (totpURI: string, periodsFromNow = 0) => codeAt(totpURI, Math.floor(Date.now() / 30_000) + periodsFromNow);
const wrongCode = (code: string) => code.replace(/^./, (digit) => String((Number(digit) + 5) % 10));

let addresses = 0;

/** An admin (a confirmed account listed as PRO) at an address of its own, so per-IP limits of one test spare the others. */
async function newAdmin(app: FastifyInstance, db: Database, email: string, remoteAddress = `10.88.0.${++addresses}`) {
  await listPro(db, email);
  await db.transaction(async (tx) => insertConfirmedAccount(tx, email, await hashPassword(PASSWORD)));
  return adminAt(app, email, remoteAddress);
}

/** The calls of an existing admin through `app` (another instance on the same database reaches the same account). */
function adminAt(app: FastifyInstance, email: string, remoteAddress: string) {
  const call = (url: string, payload: Record<string, unknown>, cookie?: string, from = remoteAddress) =>
    app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {}, remoteAddress: from });
  const admin = {
    email,
    remoteAddress,
    signIn: (from?: string) => call('/api/auth/sign-in/email', { email, password: PASSWORD }, undefined, from),
    enable: (cookie: string, password = PASSWORD) => call('/api/auth/two-factor/enable', { password }, cookie),
    verifyTotp: (cookie: string, code: string, from?: string) => call('/api/auth/two-factor/verify-totp', { code }, cookie, from),
    verifyRecovery: (cookie: string, code: string) => call('/api/auth/two-factor/verify-backup-code', { code }, cookie),
    regenerate: (cookie: string, password = PASSWORD) => call('/api/auth/two-factor/generate-backup-codes', { password }, cookie),
    disable: (cookie: string, body: Record<string, unknown>) => call('/api/auth/two-factor/disable', body, cookie),
    adminRead: (cookie: string) => app.inject({ method: 'GET', url: '/api/access/pro-users', query: { search: email }, headers: { cookie }, remoteAddress }),
    me: async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/access/me', headers: { cookie }, remoteAddress })).json(),
    /** Signs in with the password alone (no second factor yet): the session cookie. */
    async session() {
      const response = await admin.signIn();
      expect(response.json()).toEqual({ signedIn: true, email });
      return cookieHeader(cookiesSet(response), SESSION);
    },
    /** Enrols: enable with the password, then the first code. Answers the URI, the recovery codes and a fresh session. */
    async enrol() {
      const cookie = await admin.session();
      const enabled = await admin.enable(cookie);
      expect(enabled.statusCode).toBe(200);
      const { totpURI, recoveryCodes } = enabled.json() as { totpURI: string; recoveryCodes: string[] };
      const confirmed = await admin.verifyTotp(cookie, await codeFor(totpURI));
      expect(confirmed.statusCode).toBe(200);
      // better-auth replaces the session when two-factor turns on.
      return { totpURI, recoveryCodes, cookie: cookieHeader(cookiesSet(confirmed), SESSION) };
    },
    /** The password step of an enrolled admin: only the short-lived two_factor cookie. */
    async challenge(from?: string) {
      const response = await admin.signIn(from);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ signedIn: false, email, twoFactorRequired: true });
      return cookieHeader(cookiesSet(response), CHALLENGE);
    },
  };
  return admin;
}

// Each test hashes a few passwords (scrypt): generous time on a busy machine.
describe('two-factor sign-in for admins (better-auth two-factor plugin)', { timeout: 180_000 }, () => {
  let t: Awaited<ReturnType<typeof buildLoggedTestApp>>;
  const seen: string[] = [];
  beforeAll(async () => {
    t = await buildLoggedTestApp();
  }, 180_000);
  afterAll(async () => {
    // Secrets, recovery codes and codes never reach the log.
    const log = t.logs.text();
    for (const secret of seen) expect(log).not.toContain(secret);
    expect(t.logs.errors()).toEqual([]);
    await t.close();
  });

  it('enable answers a TOTP URI and ten recovery codes; the secret is stored encrypted and nothing changes until a code confirms it', async () => {
    const admin = await newAdmin(t.app, t.database.db, 'enrol@vitrine.test');
    const cookie = await admin.session();
    const response = await admin.enable(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { totpURI, recoveryCodes } = response.json() as { totpURI: string; recoveryCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Vitrine:enrol%40vitrine\.test\?secret=[A-Z2-7]+&issuer=Vitrine&digits=6&period=30$/);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    const secret = new URL(totpURI).searchParams.get('secret')!;
    seen.push(secret, ...recoveryCodes);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, admin.email));
    const [row] = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user!.id));
    expect(user!.twoFactorEnabled).toBe(false);
    expect(row!.verified).toBe(false);
    const plainSecret = new TextDecoder().decode(base32.decode(secret));
    expect(row!.secret).not.toContain(plainSecret);
    expect(row!.secret).not.toContain(secret);
    for (const code of recoveryCodes) expect(row!.backupCodes).not.toContain(code);

    // Not confirmed yet: the password alone still signs in.
    expect((await admin.signIn()).json()).toEqual({ signedIn: true, email: admin.email });
  });

  it('a wrong first code is refused in Portuguese; the right one turns two-factor on, and the PRO list shows who has it', async () => {
    const admin = await newAdmin(t.app, t.database.db, 'confirm@vitrine.test');
    const other = await newAdmin(t.app, t.database.db, 'sem-2fa@vitrine.test');
    const cookie = await admin.session();
    const { totpURI } = (await admin.enable(cookie)).json() as { totpURI: string };
    const code = await codeFor(totpURI);
    seen.push(code);

    const wrong = await admin.verifyTotp(cookie, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: { code: 'two_factor.invalid_code', message: 'Código inválido. Confira o código de 6 dígitos no aplicativo autenticador e tente de novo.' },
    });
    const malformed = await admin.verifyTotp(cookie, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('validation_error');

    const right = await admin.verifyTotp(cookie, code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ verified: true, email: admin.email, twoFactorEnabled: true });
    const fresh = cookieHeader(cookiesSet(right), SESSION);
    expect(await admin.me(fresh)).toEqual({ signedIn: true, email: admin.email, isPro: true, twoFactorEnabled: true });

    const list = await t.app.inject({ method: 'GET', url: '/api/access/pro-users', query: { pageSize: '100' }, headers: { cookie: fresh } });
    const byEmail = new Map((list.json().items as { email: string; twoFactorEnabled: boolean }[]).map((row) => [row.email, row.twoFactorEnabled]));
    expect(byEmail.get(admin.email)).toBe(true);
    expect(byEmail.get(other.email)).toBe(false);

    const again = await admin.enable(fresh);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('two_factor.already_enabled');
  });

  it('once on, the password alone opens no session: the interim cookie reaches no admin route; a wrong code is refused and the right one signs in', async () => {
    const admin = await newAdmin(t.app, t.database.db, 'login@vitrine.test');
    const { totpURI } = await admin.enrol();

    const passwordOnly = await admin.signIn();
    expect(passwordOnly.statusCode).toBe(200);
    expect(passwordOnly.json()).toEqual({ signedIn: false, email: admin.email, twoFactorRequired: true });
    const cookies = cookiesSet(passwordOnly);
    expect(cookies.has(SESSION)).toBe(false);
    expect(String(passwordOnly.headers['set-cookie'])).toMatch(/vitrine\.two_factor=[^;]+;.*Max-Age=600.*HttpOnly/i);
    const challenge = cookieHeader(cookies, CHALLENGE);
    const read = await admin.adminRead(challenge);
    expect(read.statusCode).toBe(401);
    expect(await admin.me(challenge)).toEqual({ signedIn: false, email: null, isPro: false });
    // Not even enrolment or disabling works with it: those want a session.
    expect((await admin.enable(challenge)).statusCode).toBe(401);

    // The code that confirmed enrolment is spent: the next one the app shows.
    const code = await codeFor(totpURI, 1);
    seen.push(code);
    const wrong = await admin.verifyTotp(challenge, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('two_factor.invalid_code');
    expect(cookiesSet(wrong).has(SESSION)).toBe(false);

    const right = await admin.verifyTotp(challenge, code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ verified: true, email: admin.email, twoFactorEnabled: true });
    const session = cookieHeader(cookiesSet(right), SESSION);
    expect((await admin.adminRead(session)).statusCode).toBe(200);
    // The challenge is spent: it cannot open a second session.
    const replay = await admin.verifyTotp(challenge, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('two_factor.challenge_expired');
  });

  it('five wrong codes end a sign-in; ten in a row lock the account, from any address', async () => {
    const admin = await newAdmin(t.app, t.database.db, 'guess@vitrine.test');
    const { totpURI } = await admin.enrol();
    const wrong = wrongCode(await codeFor(totpURI));

    const first = await admin.challenge();
    for (let attempt = 0; attempt < 5; attempt++) expect((await admin.verifyTotp(first, wrong)).statusCode).toBe(400);
    const sixth = await admin.verifyTotp(first, await codeFor(totpURI));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toEqual({
      code: 'two_factor.too_many_attempts',
      message: 'Muitos códigos inválidos (5). Entre com e-mail e senha novamente.',
    });
    expect(cookiesSet(sixth).has(SESSION)).toBe(false);

    // Another address (better-auth's per-IP limit does not see it): the account's count goes on.
    const elsewhere = '10.99.0.1';
    const second = await admin.challenge(elsewhere);
    for (let attempt = 0; attempt < 5; attempt++) expect((await admin.verifyTotp(second, wrong, elsewhere)).statusCode).toBe(400);
    const third = await admin.challenge('10.99.0.2');
    const locked = await admin.verifyTotp(third, await codeFor(totpURI), '10.99.0.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('two_factor.locked');
    expect(cookiesSet(locked).has(SESSION)).toBe(false);
  });

  it('better-auth limits code attempts per client address (10 a minute), whatever the account', async () => {
    const sharedAddress = '10.98.0.1';
    const first = await newAdmin(t.app, t.database.db, 'ip-limit-1@vitrine.test', sharedAddress);
    const second = await newAdmin(t.app, t.database.db, 'ip-limit-2@vitrine.test', sharedAddress);
    const firstEnrolment = await first.enrol();
    const secondEnrolment = await second.enrol();
    // Two codes so far from this address (the enrolments); four wrong ones per account stay below its lock.
    const statuses: number[] = [];
    for (const [admin, { totpURI }] of [
      [first, firstEnrolment],
      [second, secondEnrolment],
    ] as const) {
      const challenge = await admin.challenge();
      const wrong = wrongCode(await codeFor(totpURI));
      for (let attempt = 0; attempt < 4; attempt++) statuses.push((await admin.verifyTotp(challenge, wrong)).statusCode);
    }
    expect(statuses).toEqual(Array(8).fill(400));
    const eleventh = await first.verifyTotp(await first.challenge(), await codeFor(firstEnrolment.totpURI));
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.code).toBe('rate_limited');
    expect(eleventh.json().error.message).toMatch(/^Muitas tentativas\. Aguarde \d+ segundos e tente novamente\.$/);
  });

  it('a recovery code signs in once only, with or without its dash', async () => {
    const admin = await newAdmin(t.app, t.database.db, 'recovery@vitrine.test');
    const { recoveryCodes } = await admin.enrol();
    seen.push(...recoveryCodes);
    const [code, another] = recoveryCodes as [string, string];

    const used = await admin.verifyRecovery(await admin.challenge(), code);
    expect(used.statusCode).toBe(200);
    expect((await admin.adminRead(cookieHeader(cookiesSet(used), SESSION))).statusCode).toBe(200);

    const reused = await admin.verifyRecovery(await admin.challenge(), code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toEqual({ code: 'two_factor.invalid_recovery_code', message: 'Código de recuperação inválido ou já usado.' });
    expect(cookiesSet(reused).has(SESSION)).toBe(false);

    const withoutDash = await admin.verifyRecovery(await admin.challenge(), another.replace('-', ''));
    expect(withoutDash.statusCode).toBe(200);
  });

  it('new recovery codes (password) replace the old ones', async () => {
    const admin = await newAdmin(t.app, t.database.db, 'regenerate@vitrine.test');
    const { recoveryCodes: old, cookie } = await admin.enrol();
    const wrongPassword = await admin.regenerate(cookie, 'outra-senha');
    expect(wrongPassword.statusCode).toBe(400);
    const response = await admin.regenerate(cookie);
    expect(response.statusCode).toBe(200);
    const { recoveryCodes } = response.json() as { recoveryCodes: string[] };
    seen.push(...old, ...recoveryCodes);
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(old[0]);
    expect((await admin.verifyRecovery(await admin.challenge(), old[0]!)).statusCode).toBe(400);
    expect((await admin.verifyRecovery(await admin.challenge(), recoveryCodes[0]!)).statusCode).toBe(200);
  });

  it('turning it off takes the password and a current code; a wrong password spends no recovery code', async () => {
    const admin = await newAdmin(t.app, t.database.db, 'disable@vitrine.test');
    const { totpURI, recoveryCodes, cookie } = await admin.enrol();
    const isOn = async () => (await t.database.db.select().from(users).where(eq(users.email, admin.email)))[0]!.twoFactorEnabled;

    const noCode = await admin.disable(cookie, { password: PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.code).toBe('validation_error');
    const code = await codeFor(totpURI);
    const wrong = await admin.disable(cookie, { password: PASSWORD, code: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('two_factor.invalid_code');
    const wrongPassword = await admin.disable(cookie, { password: 'outra-senha', code: recoveryCodes[0] });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toEqual({ code: 'two_factor.wrong_password', message: 'Senha incorreta.' });
    expect(await isOn()).toBe(true);

    const off = await admin.disable(cookie, { password: PASSWORD, code: recoveryCodes[0] });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ twoFactorEnabled: false });
    expect(await isOn()).toBe(false);
    expect(await t.database.db.select().from(twoFactors).innerJoin(users, eq(users.id, twoFactors.userId)).where(eq(users.email, admin.email))).toEqual([]);
    expect((await admin.signIn()).json()).toEqual({ signedIn: true, email: admin.email });

    const already = await admin.disable(cookieHeader(cookiesSet(off), SESSION), { password: PASSWORD, code });
    expect(already.statusCode).toBe(409);
    expect(already.json().error.code).toBe('two_factor.not_enabled');
  });
});

describe('REQUIRE_TWO_FACTOR=true', { timeout: 180_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { REQUIRE_TWO_FACTOR: 'true' } });
  }, 180_000);
  afterAll(() => t.close());

  it('refuses admin calls of an admin without two-factor until enrolment; session, enrolment and sign-out still work', async () => {
    const admin = await newAdmin(t.app, t.database.db, 'obrigatorio@vitrine.test');
    const cookie = await admin.session();
    const refused = await admin.adminRead(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'two_factor_required', message: 'A verificação em duas etapas é obrigatória para administradores. Ative-a para continuar.' },
    });
    expect(await admin.me(cookie)).toEqual({ signedIn: true, email: admin.email, isPro: true, twoFactorRequired: true });

    const { totpURI } = (await admin.enable(cookie)).json() as { totpURI: string };
    const confirmed = await admin.verifyTotp(cookie, await codeFor(totpURI));
    expect(confirmed.statusCode).toBe(200);
    const session = cookieHeader(cookiesSet(confirmed), SESSION);
    expect((await admin.adminRead(session)).statusCode).toBe(200);
    expect(await admin.me(session)).toEqual({ signedIn: true, email: admin.email, isPro: true, twoFactorEnabled: true });

    const other = await newAdmin(t.app, t.database.db, 'obrigatorio-2@vitrine.test');
    const otherCookie = await other.session();
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: otherCookie } });
    expect(signedOut.statusCode).toBe(200);
  });

  // Issue 43: the routes open to "the visitor who owns it or an admin" answered an admin's session without
  // two-factor (it read any conversation, its files and payments, provider documents, and the event
  // stream's pro_users and audit_log events). The visitor keeps them; the PRO user's session does not.
  it('an admin without two-factor reads no conversation, file, payment, provider document or event stream; their visitor and an enrolled admin do', async () => {
    const enrolled = await newAdmin(t.app, t.database.db, 'leitor-com-2fa@vitrine.test');
    const { cookie: withTwoFactor } = await enrolled.enrol();
    const lacking = await newAdmin(t.app, t.database.db, 'leitor-sem-2fa@vitrine.test');
    const withoutTwoFactor = await lacking.session();

    const visitor = await newVisitor(t.app);
    const conversation = `/api/chat/conversations/${visitor.conversation.id}`;
    const image = await multipartBody([{ data: PNG, name: 'print.png', type: 'image/png' }]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `${conversation}/images`,
      headers: { ...image.headers, origin: ORIGIN, cookie: visitor.cookie },
      payload: image.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const imageUrl = (sent.json() as { userMessage: { imageUrl: string } }).userMessage.imageUrl;
    const pdf = await multipartBody([{ data: PDF, name: 'contrato.pdf', type: 'application/pdf' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/provider-documents',
      headers: { ...pdf.headers, cookie: withTwoFactor },
      payload: pdf.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const documentUrl = (uploaded.json() as { url: string }).url;
    expect(documentUrl).toMatch(/^\/api\/files\/provider-documents\//);

    const read = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const refusal = { error: { code: 'two_factor_required', message: twoFactorErrorMessages.two_factor_required } };
    for (const url of [conversation, `${conversation}/payments`, imageUrl, documentUrl]) {
      const refused = await read(url, withoutTwoFactor);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual(refusal);
      // The same session with the visitor's own cookie too: still the PRO user's.
      expect((await read(url, `${withoutTwoFactor}; ${visitor.cookie}`)).statusCode, url).toBe(403);
      expect((await read(url, withTwoFactor)).statusCode, url).toBe(200);
    }
    for (const url of [conversation, `${conversation}/payments`, imageUrl]) expect((await read(url, visitor.cookie)).statusCode, url).toBe(200);

    // The streams, over a real connection (an open stream never ends under inject()).
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const refusedStream = async (url: string, cookie: string) => {
      try {
        (await connectSse(`${base}${url}`, { cookie })).close();
      } catch (error) {
        if (error instanceof SseRefused) return { status: error.status, body: error.body };
        throw error;
      }
      return { status: 200, body: undefined };
    };
    for (const url of ['/api/events', `${conversation}/payments/events`]) {
      expect(await refusedStream(url, withoutTwoFactor), url).toEqual({ status: 403, body: refusal });
      expect((await refusedStream(url, withTwoFactor)).status, url).toBe(200);
    }
    expect((await refusedStream('/api/events', visitor.cookie)).status).toBe(200);
    expect((await refusedStream(`${conversation}/payments/events`, visitor.cookie)).status).toBe(200);
  });
});

// RFC 6238 §5.2: "the verifier MUST NOT accept the second attempt of the same OTP after the successful
// validation has been issued for the first OTP". better-auth accepts a code for its step and the ones either
// side (about 90 s) and remembered none: one code opened several sessions, from two addresses and again
// 31-60 s later. Now the last accepted step is kept per account, in the database. Date.now() is held still
// in these tests (better-auth reads it), so a code's step is the test's to choose.
describe('an authenticator code is accepted once per account, on every instance', { timeout: 180_000 }, () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // A second instance on the same database, as behind a load balancer.
    other = await buildTestApp({ database: t.database });
  }, 180_000);
  afterAll(async () => {
    await other.app.close();
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Holds Date.now() at 1 s into the current time step and answers that step. */
  const holdClock = () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = totpStepAt(now) * 30_000 + 1_000;
    vi.setSystemTime(start);
    return { step: totpStepAt(start), later: (ms: number) => vi.setSystemTime(start + ms) };
  };
  const codeUsed = { code: 'two_factor.code_used', message: 'Este código já foi usado. Aguarde o próximo código no aplicativo autenticador e tente de novo.' };

  it('the code that confirmed enrolment opens no session; the next opens one, and is refused from another address, on another instance and 31 s later', async () => {
    const clock = holdClock();
    const admin = await newAdmin(t.app, t.database.db, 'uma-vez@vitrine.test');
    const { totpURI } = await admin.enrol();
    const enrolmentCode = await codeAt(totpURI, clock.step);

    const reused = await admin.verifyTotp(await admin.challenge(), enrolmentCode);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: codeUsed });
    expect(cookiesSet(reused).has(SESSION)).toBe(false);

    // The app's next code (accepted early: it is within the window).
    const next = await codeAt(totpURI, clock.step + 1);
    const first = await admin.verifyTotp(await admin.challenge(), next);
    expect(first.statusCode).toBe(200);
    expect((await admin.adminRead(cookieHeader(cookiesSet(first), SESSION))).statusCode).toBe(200);

    const elsewhere = '10.77.0.1';
    const fromElsewhere = await admin.verifyTotp(await admin.challenge(elsewhere), next, elsewhere);
    expect(fromElsewhere.statusCode).toBe(400);
    expect(fromElsewhere.json()).toEqual({ error: codeUsed });
    expect(cookiesSet(fromElsewhere).has(SESSION)).toBe(false);

    const onOther = adminAt(other.app, admin.email, '10.77.0.2');
    const onOtherInstance = await onOther.verifyTotp(await onOther.challenge(), next);
    expect(onOtherInstance.statusCode).toBe(400);
    expect(onOtherInstance.json()).toEqual({ error: codeUsed });
    expect(cookiesSet(onOtherInstance).has(SESSION)).toBe(false);

    // 31 s later the same code is still inside better-auth's window (it is the current step's now).
    clock.later(31_000);
    const later = await onOther.verifyTotp(await onOther.challenge(), next);
    expect(later.statusCode).toBe(400);
    expect(later.json()).toEqual({ error: codeUsed });
    // An earlier step's code, still inside the window too, is refused as well; the following step's is accepted.
    expect((await onOther.verifyTotp(await onOther.challenge(), enrolmentCode)).json()).toEqual({ error: codeUsed });
    expect((await onOther.verifyTotp(await onOther.challenge(), await codeAt(totpURI, clock.step + 2))).statusCode).toBe(200);
  });

  it('two simultaneous uses of one code, on one instance or on two, open exactly one session', async () => {
    const clock = holdClock();
    const admin = await newAdmin(t.app, t.database.db, 'ao-mesmo-tempo@vitrine.test');
    const { totpURI } = await admin.enrol();
    const onOther = adminAt(other.app, admin.email, '10.77.1.1');

    const sameInstance = await codeAt(totpURI, clock.step + 1);
    const [challengeA, challengeB] = [await admin.challenge(), await admin.challenge()];
    const both = await Promise.all([admin.verifyTotp(challengeA, sameInstance), admin.verifyTotp(challengeB, sameInstance)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(both.filter((response) => cookiesSet(response).has(SESSION))).toHaveLength(1);

    clock.later(30_000);
    const twoInstances = await codeAt(totpURI, clock.step + 2);
    const [here, there] = [await admin.challenge(), await onOther.challenge()];
    const across = await Promise.all([admin.verifyTotp(here, twoInstances), onOther.verifyTotp(there, twoInstances)]);
    expect(across.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(across.filter((response) => cookiesSet(response).has(SESSION))).toHaveLength(1);
    expect(across.find((response) => response.statusCode === 400)!.json()).toEqual({ error: codeUsed });
  });

  it('the code that signed in does not also turn two-factor off; a new code does', async () => {
    const clock = holdClock();
    const admin = await newAdmin(t.app, t.database.db, 'desligar-uma-vez@vitrine.test');
    const { totpURI } = await admin.enrol();
    const code = await codeAt(totpURI, clock.step + 1);
    const signedIn = await admin.verifyTotp(await admin.challenge(), code);
    expect(signedIn.statusCode).toBe(200);
    const session = cookieHeader(cookiesSet(signedIn), SESSION);

    const refused = await admin.disable(session, { password: PASSWORD, code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: codeUsed });
    expect((await t.database.db.select().from(users).where(eq(users.email, admin.email)))[0]!.twoFactorEnabled).toBe(true);

    clock.later(30_000);
    const off = await admin.disable(session, { password: PASSWORD, code: await codeAt(totpURI, clock.step + 2) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ twoFactorEnabled: false });
  });

  it('a recovery code is spent once, even by two simultaneous sign-ins on two instances', async () => {
    const admin = await newAdmin(t.app, t.database.db, 'recuperacao-uma-vez@vitrine.test');
    const { recoveryCodes } = await admin.enrol();
    const onOther = adminAt(other.app, admin.email, '10.77.2.1');
    const [here, there] = [await admin.challenge(), await onOther.challenge()];
    const both = await Promise.all([admin.verifyRecovery(here, recoveryCodes[0]!), onOther.verifyRecovery(there, recoveryCodes[0]!)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(both.filter((response) => cookiesSet(response).has(SESSION))).toHaveLength(1);
    expect(both.find((response) => response.statusCode === 400)!.json().error.code).toBe('two_factor.invalid_recovery_code');
  });
});

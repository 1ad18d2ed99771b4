import fs from 'node:fs';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { tempDir } from '../../../test/database.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { accounts, pendingSignups, sessions, users } from '../../db/schema.ts';
import {
  ADMIN,
  adminEnv,
  confirmAccount,
  createConfirmedProUser,
  listPro,
  lookupLink,
  mailedToken,
  mailsTo,
  sessionCookie,
  signIn,
  signInAsAdmin,
  signUp,
} from './access.test-support.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { createProUsersRepository } from './pro-users.repository.ts';

const me = (t: TestApp, cookie?: string) => t.app.inject({ method: 'GET', url: '/api/access/me', headers: cookie ? { cookie } : {} });
const adminRead = (t: TestApp, cookie?: string) => t.app.inject({ method: 'GET', url: '/api/access/pro-users', headers: cookie ? { cookie } : {} });

describe('sign-in and sign-up are for active PRO e-mails only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
  });
  afterAll(() => t.close());

  it('refuses an e-mail that is not in pro_users, before looking at the password', async () => {
    const response = await signIn(t.app, 'stranger@example.com', 'qualquer-senha');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'auth.not_pro', message: 'E-mail não autorizado para acesso PRO. Verifique com o administrador.' },
    });
  });

  it('refuses sign-up of an unlisted e-mail, creating nothing and sending nothing', async () => {
    const response = await signUp(t.app, 'intruso@example.com', 'senha-secreta');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth.not_pro');
    expect(await t.database.db.select().from(users).where(eq(users.email, 'intruso@example.com'))).toHaveLength(0);
    expect(await mailsTo(t.database.db, 'intruso@example.com')).toHaveLength(0);
    expect(await t.database.db.select().from(pendingSignups).where(eq(pendingSignups.email, 'intruso@example.com'))).toHaveLength(0);
  });

  it('refuses a deactivated PRO e-mail like an unlisted one', async () => {
    await listPro(t.database.db, 'ex-pro@example.com', false);
    const response = await signIn(t.app, 'ex-pro@example.com', 'qualquer-senha');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth.not_pro');
  });

  it('answers a wrong password with the credentials message', async () => {
    const response = await signIn(t.app, ADMIN.email, 'senha-errada');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'auth.invalid_credentials', message: 'E-mail ou senha incorretos. Verifique suas credenciais.' },
    });
  });

  it('signs the admin in with an HttpOnly, SameSite=Lax session cookie and a fresh session each time', async () => {
    const first = await signIn(t.app, `  ${ADMIN.email.toUpperCase()} `, ADMIN.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ signedIn: true, email: ADMIN.email });
    expect(first.headers['cache-control']).toBe('no-store');
    const raw = String(first.headers['set-cookie']);
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).not.toMatch(/Secure/);
    const second = await signIn(t.app, ADMIN.email, ADMIN.password);
    expect(sessionCookie(second)).not.toBe(sessionCookie(first));

    const viewer = await me(t, sessionCookie(first));
    expect(viewer.json()).toEqual({ signedIn: true, email: ADMIN.email, isPro: true });
    expect(viewer.headers['cache-control']).toBe('no-store');
  });

  it('tells anonymous visitors they are signed out', async () => {
    const response = await me(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signedIn: false, email: null, isPro: false });
    expect((await me(t, 'vitrine.session_token=forjado.assinatura')).json()).toMatchObject({ signedIn: false });
  });

  it('never stores the password in clear', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account!.password).toBeTruthy();
    expect(account!.password).not.toContain(ADMIN.password);
  });
});

describe('sign-up and e-mail confirmation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
  });
  afterAll(() => t.close());

  it('creates nothing before the mailed link is confirmed with the sign-up password, then signs the owner in', async () => {
    const email = 'nova@example.com';
    await listPro(t.database.db, email);
    const created = await signUp(t.app, ' Nova@Example.com ', 'senha-secreta');
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ created: true, email });
    expect(created.headers['set-cookie']).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const early = await signIn(t.app, email, 'senha-secreta');
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      error: { code: 'auth.email_not_confirmed', message: 'Verifique sua caixa de entrada e confirme seu e-mail.' },
    });

    const token = await mailedToken(t.database.db, email);
    expect((await lookupLink(t.app, token)).json()).toEqual({ email, kind: 'signup' });
    const confirmed = await confirmAccount(t.app, token, 'senha-secreta');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ confirmed: true, email, signedIn: true });
    expect(confirmed.headers['cache-control']).toBe('no-store');
    expect((await me(t, sessionCookie(confirmed))).json()).toEqual({ signedIn: true, email, isPro: true });

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
    expect((await signIn(t.app, email, 'senha-secreta')).statusCode).toBe(200);
    // The link worked once.
    expect((await confirmAccount(t.app, token, 'senha-secreta')).json().error.code).toBe('auth.invalid_link');
  });

  it('keeps the mailed link when the right password is tried before confirming, and sends nothing for a wrong one', async () => {
    const email = 'esquecida@example.com';
    await listPro(t.database.db, email);
    await signUp(t.app, email, 'senha-secreta');
    const first = await mailedToken(t.database.db, email);
    const count = async () => (await mailsTo(t.database.db, email)).length;
    expect(await count()).toBe(1);
    const wrong = await signIn(t.app, email, 'senha-errada');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('auth.invalid_credentials');
    expect((await signIn(t.app, email, 'senha-secreta')).statusCode).toBe(403);
    expect(await count()).toBe(1);

    // The link in the mailbox still works (a fresh one is mailed only once it has expired: access.limits.test.ts).
    expect((await confirmAccount(t.app, first, 'senha-secreta')).statusCode).toBe(200);
  });

  it('says so when the e-mail already has an account', async () => {
    const response = await signUp(t.app, ADMIN.email, 'outra-senha');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'auth.user_exists', message: 'Este e-mail já possui uma conta. Tente fazer login.' },
    });
  });

  it('sends a link of the old kind to the confirmation page without confirming anything', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=forjado&callbackURL=https://evil.example' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth/confirmar');
  });

  it('validates the body with the shared contract and refuses unknown fields', async () => {
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'x@example.com', password: 'senha-secreta', name: 'Hacker', emailVerified: true },
    });
    expect(extra.statusCode).toBe(400);
    const short = await signIn(t.app, 'x@example.com', '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('Senha deve ter pelo menos 6 caracteres');
    const badEmail = await signIn(t.app, 'x@exemplo..com', '123456');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toContain('E-mail deve conter um domínio válido');
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('E-mail é obrigatório');
  });
});

describe('sessions end on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
  });
  afterAll(() => t.close());

  it('sign-out deletes the session: the old cookie no longer opens admin reads', async () => {
    const cookie = await signInAsAdmin(t.app);
    expect((await adminRead(t, cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ signedOut: true });
    expect(String(out.headers['set-cookie'])).toMatch(/session_token=;/);
    const after = await adminRead(t, cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('Faça login para continuar.');
    expect((await me(t, cookie)).json()).toMatchObject({ signedIn: false });
  });

  it('lists PRO e-mails a page at a time, in order, searched on the server', async () => {
    const tag = `lista-${Date.now()}`;
    for (const name of ['carla', 'ana', 'bruno']) await listPro(t.database.db, `${name}.${tag}@example.com`);
    await listPro(t.database.db, `outra_${tag}@example.com`);
    const admin = await signInAsAdmin(t.app);
    const read = (query: string) => t.app.inject({ method: 'GET', url: `/api/access/pro-users?${query}`, headers: { cookie: admin } });

    const first = await read(`search=.${tag}&pageSize=2`);
    expect(first.json()).toMatchObject({ total: 3, page: 1, pageSize: 2, items: [{ email: `ana.${tag}@example.com` }, { email: `bruno.${tag}@example.com` }] });
    const second = await read(`search=.${tag}&pageSize=2&page=2`);
    expect(second.json()).toMatchObject({ total: 3, page: 2, items: [{ email: `carla.${tag}@example.com` }] });
    // LIKE wildcards in the search match themselves: '_' finds only the e-mail that has one.
    expect((await read(`search=_${tag}`)).json()).toMatchObject({ total: 1, items: [{ email: `outra_${tag}@example.com` }] });
    expect((await read('pageSize=101')).statusCode).toBe(400);
  });

  it('deactivating a PRO e-mail ends its access on the next request', async () => {
    const email = 'revogado@example.com';
    const cookie = await createConfirmedProUser(t.app, t.database.db, email);
    expect((await adminRead(t, cookie)).statusCode).toBe(200);

    const admin = await signInAsAdmin(t.app);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/access/pro-users',
      headers: { cookie: admin },
      payload: { email, isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ email, isActive: false });

    const refused = await adminRead(t, cookie);
    expect(refused.statusCode).toBe(403);
    expect((await me(t, cookie)).json()).toEqual({ signedIn: true, email, isPro: false });
  });

  it('marks authenticated answers as not cacheable', async () => {
    const cookie = await signInAsAdmin(t.app);
    const response = await adminRead(t, cookie);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('the admin account from the environment', () => {
  it('is created confirmed and listed as PRO, and a second start keeps it (and its password)', async () => {
    const t = await buildTestApp({ env: adminEnv });
    try {
      const { db } = t.database;
      const [user] = await db.select().from(users).where(eq(users.email, ADMIN.email));
      expect(user?.emailVerified).toBe(true);
      const proUsers = createProUsersRepository(db);
      await proUsers.upsert(ADMIN.email, false);

      // A second start on the same database: same user, PRO again, password unchanged.
      const again = await buildTestApp({ env: { ...adminEnv, ADMIN_PASSWORD: 'outra-senha-qualquer' }, database: t.database });
      await again.app.close();
      expect(await db.select().from(users).where(eq(users.email, ADMIN.email))).toHaveLength(1);
      expect(await proUsers.isActive(ADMIN.email)).toBe(true);
      expect((await signIn(t.app, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('never adopts a password typed at a pending sign-up for the admin e-mail, and its link dies', async () => {
    const t = await buildTestApp({ jobs: fastJobs });
    try {
      await listPro(t.database.db, 'dono@example.com');
      await signUp(t.app, 'dono@example.com', 'senha-de-um-estranho');
      const strangersLink = await mailedToken(t.database.db, 'dono@example.com');
      const restarted = await buildTestApp({
        env: { ADMIN_EMAIL: 'DONO@example.com', ADMIN_PASSWORD: 'senha-do-ambiente' },
        database: t.database,
      });
      await restarted.app.close();
      expect((await signIn(t.app, 'dono@example.com', 'senha-de-um-estranho')).statusCode).toBe(401);
      expect((await confirmAccount(t.app, strangersLink, 'senha-de-um-estranho')).json().error.code).toBe('auth.invalid_link');
      expect((await signIn(t.app, 'dono@example.com', 'senha-do-ambiente')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('replaces an account that was never confirmed (left by the old sign-up) instead of keeping its password', async () => {
    const t = await buildTestApp();
    try {
      const { db } = t.database;
      await db.insert(users).values({ id: 'antigo', email: 'dono@example.com', name: 'dono', emailVerified: false });
      await db.insert(accounts).values({
        id: 'antiga',
        userId: 'antigo',
        accountId: 'antigo',
        providerId: 'credential',
        password: await hashPassword('senha-de-um-estranho'),
      });
      const restarted = await buildTestApp({ env: { ADMIN_EMAIL: 'dono@example.com', ADMIN_PASSWORD: 'senha-do-ambiente' }, database: t.database });
      await restarted.app.close();
      expect((await signIn(t.app, 'dono@example.com', 'senha-de-um-estranho')).statusCode).toBe(401);
      expect((await signIn(t.app, 'dono@example.com', 'senha-do-ambiente')).statusCode).toBe(200);
      expect(await db.select().from(users).where(eq(users.email, 'dono@example.com'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe('origin check on state-changing requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
  });
  afterAll(() => t.close());

  it('refuses a foreign Origin with a pt-BR message', async () => {
    const response = await signIn(t.app, ADMIN.email, ADMIN.password, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'security.origin_refused',
      message: 'Requisição recusada: origem não permitida. Recarregue a página e tente novamente.',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a cross-site fetch without Origin', async () => {
    const response = await signIn(t.app, ADMIN.email, ADMIN.password, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
  });

  it('accepts PUBLIC_URL and the request host as origins', async () => {
    expect((await signIn(t.app, ADMIN.email, ADMIN.password, { origin: 'http://localhost:3000' })).statusCode).toBe(200);
    expect((await signIn(t.app, ADMIN.email, ADMIN.password, { origin: 'http://intranet:8080', host: 'intranet:8080' })).statusCode).toBe(200);
  });

  it('refuses a signed-in write from a foreign origin even with a valid session', async () => {
    const cookie = await signInAsAdmin(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/access/pro-users',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { email: 'novo@example.com', isActive: true },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('security.origin_refused');
  });
});

describe('cookies over HTTPS', () => {
  it('are Secure when PUBLIC_URL is https', async () => {
    const t = await buildTestApp({ env: { ...adminEnv, PUBLIC_URL: 'https://vitrine.example' } });
    try {
      const response = await signIn(t.app, ADMIN.email, ADMIN.password, { origin: 'https://vitrine.example' });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });
});

describe('the auth secret', () => {
  it('is created once in DATA_DIR with mode 600 and reused after a restart', () => {
    const dataDir = tempDir();
    const first = resolveAuthSecret({ dataDir });
    const file = path.join(dataDir, 'auth-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret({ dataDir })).toBe(first);
    expect(resolveAuthSecret({ dataDir, secret: 'x'.repeat(40) })).toBe('x'.repeat(40));
  });

  it('keeps sessions valid across a restart without AUTH_SECRET', async () => {
    const dataDir = tempDir();
    const t = await buildTestApp({ env: { ...adminEnv, AUTH_SECRET: undefined, DATA_DIR: dataDir } });
    try {
      const cookie = await signInAsAdmin(t.app);
      const restarted = await buildTestApp({ env: { ...adminEnv, AUTH_SECRET: undefined, DATA_DIR: dataDir }, database: t.database });
      try {
        expect((await restarted.app.inject({ method: 'GET', url: '/api/access/me', headers: { cookie } })).json()).toMatchObject({
          signedIn: true,
          isPro: true,
        });
      } finally {
        await restarted.app.close();
      }
      expect(await t.database.db.select().from(sessions)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

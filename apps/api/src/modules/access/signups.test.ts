// Every PRO user is an admin: whoever signs up first for a listed e-mail must not choose the password
// that becomes its login. These tests are the attack itself, step by step.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fastJobs, refuseMailJobs } from '../../../test/jobs.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { accounts, jobAttempts, jobs, pendingSignups, users } from '../../db/schema.ts';
import { adminEnv, listPro, mailedToken, mailsTo, sessionCookie, signInAsAdmin, visitor, waitForMailedToken, type Visitor } from './access.test-support.ts';
import { hashLinkToken } from './signups.usecases.ts';

const STRANGERS_PASSWORD = 'senha-do-estranho';
const OWNERS_PASSWORD = 'senha-da-dona';

describe('a stranger who signs up first for a listed e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
  });
  afterAll(() => t.close());

  const accountsOf = async (email: string) => t.database.db.select().from(users).where(eq(users.email, email));

  it("never gets a working login: the owner's sign-up replaces theirs, and only the owner's password activates", async () => {
    const email = 'dona@example.com';
    await listPro(t.database.db, email);
    const [stranger, owner] = [visitor(t.app), visitor(t.app)];

    expect((await stranger.signUp(email, STRANGERS_PASSWORD)).statusCode).toBe(200);
    const strangersLink = await mailedToken(t.database.db, email);
    // The stranger's password only says "confirm your e-mail" (a link goes to the owner's mailbox), never signs in.
    expect((await stranger.signIn(email, STRANGERS_PASSWORD)).json().error.code).toBe('auth.email_not_confirmed');

    const ownersSignUp = await owner.signUp(email, OWNERS_PASSWORD);
    expect(ownersSignUp.statusCode).toBe(200);
    expect(await t.database.db.select().from(pendingSignups).where(eq(pendingSignups.email, email))).toHaveLength(1);
    // Every link sent before the owner's sign-up is dead, whatever password comes with it.
    expect((await owner.confirm(strangersLink, STRANGERS_PASSWORD)).json().error.code).toBe('auth.invalid_link');
    expect((await owner.confirm(strangersLink, OWNERS_PASSWORD)).json().error.code).toBe('auth.invalid_link');
    expect((await stranger.signIn(email, STRANGERS_PASSWORD)).json().error.code).toBe('auth.invalid_credentials');

    const confirmed = await owner.confirm(await mailedToken(t.database.db, email), OWNERS_PASSWORD);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ confirmed: true, email, signedIn: true });
    expect(await owner.me(sessionCookie(confirmed))).toEqual({ signedIn: true, email, isPro: true });

    expect((await stranger.signIn(email, STRANGERS_PASSWORD)).json().error.code).toBe('auth.invalid_credentials');
    expect((await owner.signIn(email, OWNERS_PASSWORD)).statusCode).toBe(200);
    // And a later sign-up cannot replace the confirmed account's password.
    expect((await stranger.signUp(email, STRANGERS_PASSWORD)).json().error.code).toBe('auth.user_exists');
    expect((await stranger.signIn(email, STRANGERS_PASSWORD)).statusCode).toBe(401);
    expect(await accountsOf(email)).toHaveLength(1);
  });

  it("activates nothing when the owner opens the stranger's link and types their own password", async () => {
    const email = 'dono.distraido@example.com';
    await listPro(t.database.db, email);
    const [stranger, owner] = [visitor(t.app), visitor(t.app)];
    await stranger.signUp(email, STRANGERS_PASSWORD);
    const strangersLink = await mailedToken(t.database.db, email);

    expect((await owner.lookup(strangersLink)).json()).toEqual({ email, kind: 'signup' });
    const refused = await owner.confirm(strangersLink, OWNERS_PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        code: 'auth.wrong_signup_password',
        message: 'Senha incorreta. Se você não fez este cadastro, cadastre-se novamente com a sua própria senha.',
      },
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await accountsOf(email)).toHaveLength(0);
    expect((await owner.signIn(email, OWNERS_PASSWORD)).statusCode).toBe(401);

    // Doing as the message says works, and the stranger's password stays useless.
    await owner.signUp(email, OWNERS_PASSWORD);
    expect((await owner.confirm(await mailedToken(t.database.db, email), OWNERS_PASSWORD)).statusCode).toBe(200);
    expect((await stranger.signIn(email, STRANGERS_PASSWORD)).statusCode).toBe(401);
  });

  it('holds no link: the sign-up answer carries none, only its hash is stored, and a guessed one opens nothing', async () => {
    const email = 'dona.sem.link@example.com';
    await listPro(t.database.db, email);
    const stranger = visitor(t.app);
    const answer = await stranger.signUp(email, STRANGERS_PASSWORD);
    expect(answer.json()).toEqual({ created: true, email });
    expect(answer.headers['set-cookie']).toBeUndefined();

    const token = await mailedToken(t.database.db, email);
    expect(answer.body).not.toContain(token);
    const [row] = await t.database.db.select().from(pendingSignups).where(eq(pendingSignups.email, email));
    expect(row!.tokenHash).toBe(hashLinkToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.passwordHash).not.toContain(STRANGERS_PASSWORD);

    const withoutToken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { password: STRANGERS_PASSWORD },
      remoteAddress: stranger.remoteAddress,
    });
    expect(withoutToken.statusCode).toBe(400);
    for (const guess of ['chute', row!.tokenHash, token.slice(0, -1)]) {
      const response = await stranger.confirm(guess, STRANGERS_PASSWORD);
      expect(response.statusCode, guess).toBe(400);
      expect(response.json().error.code).toBe('auth.invalid_link');
      expect((await stranger.lookup(guess)).json().error).toEqual({
        code: 'auth.invalid_link',
        message: 'Link inválido ou expirado. Cadastre-se novamente para receber um novo link de confirmação.',
      });
    }
    expect(await accountsOf(email)).toHaveLength(0);
  });

  it('cannot use an expired link, even with the right password', async () => {
    const email = 'atrasada@example.com';
    await listPro(t.database.db, email);
    const owner = visitor(t.app);
    await owner.signUp(email, OWNERS_PASSWORD);
    const token = await mailedToken(t.database.db, email);
    await t.database.db
      .update(pendingSignups)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(pendingSignups.email, email));
    expect((await owner.lookup(token)).json().error.code).toBe('auth.invalid_link');
    expect((await owner.confirm(token, OWNERS_PASSWORD)).json().error.code).toBe('auth.invalid_link');
    expect(await accountsOf(email)).toHaveLength(0);
  });

  it('activates nothing for an e-mail whose PRO access was removed after the sign-up', async () => {
    const email = 'removida@example.com';
    await listPro(t.database.db, email);
    const owner = visitor(t.app);
    await owner.signUp(email, OWNERS_PASSWORD);
    await listPro(t.database.db, email, false);
    const refused = await owner.confirm(await mailedToken(t.database.db, email), OWNERS_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('auth.not_pro');
    expect(await accountsOf(email)).toHaveLength(0);
  });

  it('activates exactly one account when the same link is confirmed twice at once', async () => {
    const email = 'duas.abas@example.com';
    await listPro(t.database.db, email);
    const owner = visitor(t.app);
    await owner.signUp(email, OWNERS_PASSWORD);
    const token = await mailedToken(t.database.db, email);
    const answers = await Promise.all([owner.confirm(token, OWNERS_PASSWORD), owner.confirm(token, OWNERS_PASSWORD)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const [user] = await accountsOf(email);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, user!.id))).toHaveLength(1);
  });
});

describe('invitations', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const invite = (email: string, isActive = true) =>
    t.app.inject({ method: 'PUT', url: '/api/access/pro-users', headers: { cookie: admin }, payload: { email, isActive, invite: true } });
  let owner: Visitor;
  let stranger: Visitor;
  beforeEach(() => {
    owner = visitor(t.app);
    stranger = visitor(t.app);
  });

  it('let the invited owner choose the password on the link page, and sign them in', async () => {
    const email = 'convidada@example.com';
    const response = await invite(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, isActive: true, invitation: 'sent' });

    const token = await mailedToken(t.database.db, email);
    expect((await mailsTo(t.database.db, email))[0]!.subject).toBe('Convite para o acesso PRO — Vitrine');
    expect((await owner.lookup(token)).json()).toEqual({ email, kind: 'invitation' });
    // Nobody can sign in before the owner has chosen a password.
    expect((await stranger.signIn(email, 'qualquer-senha')).statusCode).toBe(401);

    const confirmed = await owner.confirm(token, 'senha-escolhida');
    expect(confirmed.json()).toEqual({ confirmed: true, email, signedIn: true });
    expect((await owner.signIn(email, 'senha-escolhida')).statusCode).toBe(200);
  });

  it('without SMTP, answer the inviting admin the link, once; a password reset never shows its link to an admin', async () => {
    const email = 'sem.smtp@example.com';
    const response = await invite(email);
    const { invitation, invitationLink } = response.json<{ invitation: string; invitationLink?: string }>();
    expect(invitation).toBe('sent');
    // The same link the outbox holds (only its hash is stored), and it opens the invitation.
    const token = await mailedToken(t.database.db, email);
    expect(invitationLink).toMatch(new RegExp(`^https?://[^/]+/auth/confirmar#token=${token}$`));
    expect((await owner.lookup(token)).json()).toEqual({ email, kind: 'invitation' });
    // Nothing shows it again: the list of PRO users and the outbox carry no link.
    const lists = await Promise.all(
      ['/api/access/pro-users?search=sem.smtp', '/api/admin/emails?search=sem.smtp'].map((url) =>
        t.app.inject({ method: 'GET', url, headers: { cookie: admin } }),
      ),
    );
    for (const list of lists) {
      expect(list.statusCode, list.body).toBe(200);
      expect(list.body).not.toContain(token);
    }

    // A reset asked for another account: its link reaches the mailbox only, never an admin's screen.
    await owner.confirm(token, OWNERS_PASSWORD);
    const forgot = await stranger.forgotPassword(email);
    expect(forgot.body).not.toMatch(/token|redefinir-senha/);
    const resetToken = await waitForMailedToken(t.database.db, email, 'reset');
    const outbox = await t.app.inject({ method: 'GET', url: '/api/admin/emails?search=sem.smtp', headers: { cookie: admin } });
    expect(outbox.json<{ items: unknown[] }>().items).toHaveLength(2);
    expect(outbox.body).not.toContain(resetToken);
    expect(outbox.body).not.toContain('redefinir-senha');
  });

  it("replace a stranger's pending sign-up, whose password then opens nothing", async () => {
    const email = 'disputada@example.com';
    await listPro(t.database.db, email);
    await stranger.signUp(email, STRANGERS_PASSWORD);
    const strangersLink = await mailedToken(t.database.db, email);
    await invite(email);
    expect((await stranger.confirm(strangersLink, STRANGERS_PASSWORD)).json().error.code).toBe('auth.invalid_link');
    expect((await stranger.signIn(email, STRANGERS_PASSWORD)).statusCode).toBe(401);
    expect((await owner.confirm(await mailedToken(t.database.db, email), OWNERS_PASSWORD)).statusCode).toBe(200);
    expect((await stranger.signIn(email, STRANGERS_PASSWORD)).statusCode).toBe(401);
  });

  it('send nothing to an e-mail that already has an account', async () => {
    const email = 'ja.tem.conta@example.com';
    await invite(email);
    await owner.confirm(await mailedToken(t.database.db, email), OWNERS_PASSWORD);
    const before = (await mailsTo(t.database.db, email)).length;
    const again = await invite(email);
    expect(again.json()).toMatchObject({ email, invitation: 'account_exists' });
    expect((await mailsTo(t.database.db, email)).length).toBe(before);
    expect((await owner.signIn(email, OWNERS_PASSWORD)).statusCode).toBe(200);
  });

  it('are only for active PRO e-mails', async () => {
    const response = await invite('inativa@example.com', false);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Só é possível convidar um e-mail PRO ativo');
    expect(await mailsTo(t.database.db, 'inativa@example.com')).toHaveLength(0);
  });
});

describe('when the pro_users lookup itself fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
  });
  afterAll(() => t.close());

  it('sign-in, sign-up and reset requests say so with their own 503 and decide nothing', async () => {
    await listPro(t.database.db, 'sem-consulta@example.com');
    const someone = visitor(t.app);
    await t.database.db.execute(sql`alter table pro_users rename to pro_users_fora_do_ar`);
    try {
      const expected = { code: 'access.pro_check_failed', message: 'Erro ao validar e-mail PRO. Tente novamente.' };
      const signInAnswer = await someone.signIn('sem-consulta@example.com', 'qualquer-senha');
      expect(signInAnswer.statusCode).toBe(503);
      expect(signInAnswer.json().error).toEqual(expected);
      const signUpAnswer = await someone.signUp('sem-consulta@example.com', 'qualquer-senha');
      expect(signUpAnswer.statusCode).toBe(503);
      expect(signUpAnswer.json().error).toEqual(expected);
      const forgot = await someone.forgotPassword('sem-consulta@example.com');
      expect(forgot.statusCode).toBe(503);
      expect(forgot.json().error).toEqual(expected);
    } finally {
      await t.database.db.execute(sql`alter table pro_users_fora_do_ar rename to pro_users`);
    }
    expect(await t.database.db.select().from(pendingSignups).where(eq(pendingSignups.email, 'sem-consulta@example.com'))).toHaveLength(0);
  });
});

describe('a pending sign-up and the mail of its link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
  });
  afterAll(() => t.close());

  const pendingOf = (email: string) => t.database.db.select().from(pendingSignups).where(eq(pendingSignups.email, email));

  it('are written together: when the mail cannot be queued nothing is stored, and the earlier link still works', async () => {
    const { db } = t.database;
    const [fresh, taken] = ['primeira.vez@example.com', 'ja.pendente@example.com'];
    await listPro(db, fresh);
    await listPro(db, taken);
    const [owner, stranger] = [visitor(t.app), visitor(t.app)];
    expect((await owner.signUp(taken, OWNERS_PASSWORD)).statusCode).toBe(200);
    const ownersLink = await mailedToken(db, taken);
    const jobsBefore = (await db.select({ id: jobs.id }).from(jobs)).map((row) => row.id).sort();

    const restore = await refuseMailJobs(db);
    try {
      for (const [who, email] of [
        [owner, fresh],
        [stranger, taken],
      ] as const) {
        const failed = await who.signUp(email, STRANGERS_PASSWORD);
        expect(failed.statusCode, email).toBe(500);
        expect(failed.json().error.code).toBe('internal_error');
      }
      // The sign-up password at sign-in while the link is live queues nothing and keeps that link.
      expect((await owner.signIn(taken, OWNERS_PASSWORD)).json().error.code).toBe('auth.email_not_confirmed');
    } finally {
      await restore();
    }

    expect(await pendingOf(fresh)).toHaveLength(0);
    const [kept] = await pendingOf(taken);
    expect(kept!.tokenHash).toBe(hashLinkToken(ownersLink));
    expect((await db.select({ id: jobs.id }).from(jobs)).map((row) => row.id).sort()).toEqual(jobsBefore);
    expect((await stranger.confirm(ownersLink, STRANGERS_PASSWORD)).json().error.code).toBe('auth.wrong_signup_password');
    expect((await owner.confirm(ownersLink, OWNERS_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a confirmation mail the SMTP server refuses at first', () => {
  it('is sent again after a pause and arrives exactly once, with a link that works', async () => {
    const smtp = await startSmtpReceiver({ refuse: 1 });
    const t = await buildTestApp({ env: { ...adminEnv, SMTP_URL: smtp.url }, jobs: fastJobs });
    try {
      const { db } = t.database;
      const email = 'caixa.ocupada@example.com';
      await listPro(db, email);
      const owner = visitor(t.app);
      expect((await owner.signUp(email, OWNERS_PASSWORD)).statusCode).toBe(200);

      const tries = await mailsTo(db, email);
      expect(tries.map((mail) => mail.status)).toEqual(['sent', 'failed']);
      const attempts = await db.select().from(jobAttempts).orderBy(jobAttempts.attempt);
      expect(attempts.map((attempt) => [attempt.attempt, attempt.outcome])).toEqual([
        [1, 'failed'],
        [2, 'succeeded'],
      ]);
      expect(smtp.refused()).toBe(1);
      expect(smtp.accepted).toEqual([email]);

      const link = /\/auth\/confirmar#token=([\w-]+)/.exec(smtp.messages[0]!.text)?.[1];
      expect(link).toBeDefined();
      expect((await owner.confirm(link!, OWNERS_PASSWORD)).statusCode).toBe(200);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

// 'Esqueci minha senha': a confirmed account changes its password only through a link mailed to it,
// once, within 30 minutes, and every session of the account ends when it does.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fastJobs, mailQueueSettled } from '../../../test/jobs.ts';
import { emailOutbox, verifications } from '../../db/schema.ts';
import { adminEnv, createConfirmedProUser, listPro, sessionCookie, visitor, waitForMailedToken } from './access.test-support.ts';

const NEUTRAL = { requested: true };

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
  });
  afterAll(() => t.close());

  it('sets a new password through the mailed link, once, ends every session and signs the owner in', async () => {
    const email = 'esqueceu@example.com';
    const owner = visitor(t.app);
    const firstSession = await createConfirmedProUser(t.app, t.database.db, email, 'senha-antiga');
    const secondSession = sessionCookie(await owner.signIn(email, 'senha-antiga'));

    const asked = await owner.forgotPassword(` ${email.toUpperCase()}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(NEUTRAL);
    const token = await waitForMailedToken(t.database.db, email, 'reset');
    // Only a hash of the link's secret is stored.
    const stored = await t.database.db.select().from(verifications);
    expect(JSON.stringify(stored)).not.toContain(token);

    const reset = await owner.resetPassword(token, 'senha-nova');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ reset: true, email, signedIn: true });
    expect(await owner.me(sessionCookie(reset))).toEqual({ signedIn: true, email, isPro: true });
    expect(await owner.me(firstSession)).toMatchObject({ signedIn: false });
    expect(await owner.me(secondSession)).toMatchObject({ signedIn: false });

    expect((await owner.signIn(email, 'senha-antiga')).statusCode).toBe(401);
    expect((await owner.signIn(email, 'senha-nova')).statusCode).toBe(200);

    const thief = visitor(t.app);
    const replay = await thief.resetPassword(token, 'senha-do-ladrao');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual({
      code: 'auth.invalid_reset_link',
      message: 'Link inválido ou expirado. Peça um novo em "Esqueci minha senha".',
    });
    expect((await thief.signIn(email, 'senha-do-ladrao')).statusCode).toBe(401);
  });

  it('refuses an expired link and keeps the password', async () => {
    const email = 'demorou@example.com';
    const owner = visitor(t.app);
    await createConfirmedProUser(t.app, t.database.db, email, 'senha-antiga');
    await owner.forgotPassword(email);
    const token = await waitForMailedToken(t.database.db, email, 'reset');
    await t.database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`true`);
    const refused = await owner.resetPassword(token, 'senha-nova');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('auth.invalid_reset_link');
    expect((await owner.signIn(email, 'senha-antiga')).statusCode).toBe(200);
  });

  it('kills the other links of the account once one is used', async () => {
    const email = 'dois.pedidos@example.com';
    const owner = visitor(t.app);
    await createConfirmedProUser(t.app, t.database.db, email, 'senha-antiga');
    await owner.forgotPassword(email);
    const first = await waitForMailedToken(t.database.db, email, 'reset');
    await owner.forgotPassword(email);
    const second = await waitForMailedToken(t.database.db, email, 'reset', 1);
    expect(second).not.toBe(first);
    expect((await owner.resetPassword(second, 'senha-nova')).statusCode).toBe(200);
    expect((await owner.resetPassword(first, 'senha-outra')).json().error.code).toBe('auth.invalid_reset_link');
    expect((await owner.signIn(email, 'senha-nova')).statusCode).toBe(200);
  });

  it('validates the new password with the sign-up rules', async () => {
    const response = await visitor(t.app).resetPassword('qualquer', '123');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Senha deve ter pelo menos 6 caracteres');
  });
});

describe('a reset request', () => {
  it('gets the same answer for any e-mail, and mails a link only to a confirmed account of an active PRO e-mail', async () => {
    const t = await buildTestApp({ env: adminEnv, jobs: fastJobs });
    const { db } = t.database;
    try {
      await createConfirmedProUser(t.app, db, 'com-conta@example.com');
      await createConfirmedProUser(t.app, db, 'desativada@example.com');
      await listPro(db, 'desativada@example.com', false);
      await listPro(db, 'so-listada@example.com');
      await listPro(db, 'pendente@example.com');
      const someone = visitor(t.app);
      await someone.signUp('pendente@example.com', 'senha-pendente');

      const emails = ['ninguem@example.com', 'desativada@example.com', 'so-listada@example.com', 'pendente@example.com', 'com-conta@example.com'];
      for (const email of emails) {
        const response = await someone.forgotPassword(email);
        expect(response.statusCode, email).toBe(200);
        expect(response.json(), email).toEqual(NEUTRAL);
      }
    } finally {
      // Closing waits for the links created after the answers: after it, every reset mail is queued.
      await t.app.close();
    }
    try {
      // An instance with the job runner sends whatever is still queued: then the outbox is final.
      const sender = await buildTestApp({ database: t.database, jobs: fastJobs });
      await mailQueueSettled(db);
      await sender.app.close();
      const resetMails = (await db.select().from(emailOutbox)).filter((mail) => mail.text.includes('/auth/redefinir-senha#token='));
      expect(resetMails.map((mail) => mail.to)).toEqual(['com-conta@example.com']);
      expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'ninguem@example.com'))).toHaveLength(0);
    } finally {
      await t.database.close();
    }
  });
});

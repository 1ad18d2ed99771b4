import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { captureLogs, type CapturedLogs } from '../../../test/logs.ts';
import { buildApp } from '../../app.ts';
import { ADMIN, adminEnv, createConfirmedProUser, forgotPassword, mailedToken, signIn, signInAsAdmin, waitForMailedToken } from './access.test-support.ts';

describe('without SMTP, the access mails are logged by recipient and subject only', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let logs: CapturedLogs;
  beforeAll(async () => {
    logs = captureLogs();
    database = await createTestDatabase();
    app = await buildApp({ env: testEnv(adminEnv), database, logger: logs.logger, jobs: fastJobs });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const secrets: string[] = [ADMIN.password];
  const mailedLine = (to: string, subject: string | RegExp) =>
    logs
      .withMessage('e-mail (sem SMTP_URL): registrado na caixa de saída')
      .filter((entry) => entry.to === to && (typeof subject === 'string' ? entry.subject === subject : subject.test(String(entry.subject))));

  /** The mail lines have recipient and subject only; no secret met so far is anywhere in the log. */
  const expectCleanLog = () => {
    for (const entry of logs.withMessage('e-mail (sem SMTP_URL): registrado na caixa de saída')) {
      expect(Object.keys(entry)).not.toContain('text');
      expect(Object.keys(entry)).not.toContain('html');
    }
    const text = logs.text();
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/#token=|redefinir-senha|auth\/confirmar/);
  };

  it('an invitation: its link is not logged', async () => {
    const admin = await signInAsAdmin(app);
    const invited = 'convidado-log@example.com';
    const invitation = await app.inject({
      method: 'PUT',
      url: '/api/access/pro-users',
      headers: { cookie: admin },
      payload: { email: invited, isActive: true, invite: true },
    });
    expect(invitation.statusCode).toBe(200);
    secrets.push(await mailedToken(database.db, invited));
    expect(mailedLine(invited, 'Convite para o acesso PRO — Vitrine')).toHaveLength(1);
    expectCleanLog();
  });

  it('a sign-up confirmation and a password reset: their links are not logged, nor the passwords', async () => {
    const owner = 'dona-log@example.com';
    const password = 'senha-da-dona-no-log';
    await createConfirmedProUser(app, database.db, owner, password);
    secrets.push(await mailedToken(database.db, owner), password);
    expect((await forgotPassword(app, owner)).statusCode).toBe(200);
    secrets.push(await waitForMailedToken(database.db, owner, 'reset'));
    expect((await signIn(app, owner, 'senha-errada-no-log')).statusCode).toBe(401);
    secrets.push('senha-errada-no-log');
    expect(mailedLine(owner, 'Confirme seu e-mail — Vitrine')).toHaveLength(1);
    expect(mailedLine(owner, /senha/i)).toHaveLength(1);
    expectCleanLog();
  });
});

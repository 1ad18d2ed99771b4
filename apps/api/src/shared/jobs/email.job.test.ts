import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { fastJobs } from '../../../test/jobs.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { waitUntil } from '../../../test/wait.ts';
import { emailOutbox, jobAttempts, jobs, users } from '../../db/schema.ts';
import { enqueueEmail } from './email.job.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function smtpServer(options: { refuse?: number } = {}) {
  const receiver = await startSmtpReceiver(options);
  cleanups.push(() => receiver.close());
  return receiver;
}

describe('e-mail as a background job', () => {
  it('sends an e-mail queued with the row that caused it, after that transaction commits', async () => {
    const smtp = await smtpServer();
    const t = await buildTestApp({ env: { SMTP_URL: smtp.url }, jobs: fastJobs });
    cleanups.push(() => t.close());

    await t.database.db.transaction(async (tx) => {
      await tx.insert(users).values({ id: 'u-fila', name: 'Bia', email: 'bia@vitrine.test', emailVerified: true });
      await enqueueEmail(tx, { to: 'bia@vitrine.test', subject: 'Bem-vinda', text: 'Sua conta está pronta.' });
    });

    const [kept] = await waitUntil(async () => {
      const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'bia@vitrine.test'));
      return rows.length ? rows : undefined;
    });
    expect(kept).toMatchObject({ subject: 'Bem-vinda', status: 'sent' });
    expect(smtp.accepted).toEqual(['bia@vitrine.test']);
  });

  it('tries again when the SMTP server refuses, keeping each try in the outbox', async () => {
    const smtp = await smtpServer({ refuse: 1 });
    const t = await buildTestApp({ env: { SMTP_URL: smtp.url }, jobs: fastJobs });
    cleanups.push(() => t.close());

    const job = await enqueueEmail(t.database.db, { to: 'caio@vitrine.test', subject: 'Código', text: '123456' });

    const runs = await waitUntil(async () => {
      const rows = await t.database.db.select().from(jobAttempts).where(eq(jobAttempts.jobId, job.id)).orderBy(asc(jobAttempts.attempt));
      return rows.at(-1)?.outcome === 'succeeded' ? rows : undefined;
    });
    expect(runs.map((row) => [row.attempt, row.outcome])).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
    const tries = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'caio@vitrine.test')).orderBy(asc(emailOutbox.createdAt));
    expect(tries.map((row) => row.status)).toEqual(['failed', 'sent']);
    expect(smtp.accepted).toEqual(['caio@vitrine.test']);
  });

  it('keeps only the subject of a sent e-mail, so its single-use link does not stay in the queue', async () => {
    const smtp = await smtpServer();
    const t = await buildTestApp({ env: { SMTP_URL: smtp.url }, jobs: fastJobs });
    cleanups.push(() => t.close());
    const link = 'https://vitrine.example/auth/redefinir-senha#token=segredo-de-uso-unico';

    const job = await enqueueEmail(t.database.db, { to: 'dani@vitrine.test', subject: 'Redefinir senha', text: link, html: `<a href="${link}">x</a>` });

    const done = await waitUntil(async () => {
      const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      return row?.status === 'succeeded' ? row : undefined;
    });
    expect(done.payload).toEqual({ subject: 'Redefinir senha' });
    expect(JSON.stringify(done)).not.toContain('segredo-de-uso-unico');
    expect(smtp.messages.map((message) => message.text.includes(link))).toEqual([true]);
  });

  it('keeps the whole e-mail of a job that failed for good, to look into', async () => {
    const smtp = await smtpServer({ refuse: 2 });
    const t = await buildTestApp({ env: { SMTP_URL: smtp.url }, jobs: fastJobs });
    cleanups.push(() => t.close());
    const message = { to: 'edu@vitrine.test', subject: 'Convite', text: 'https://vitrine.example/auth/confirmar#token=abc' };

    const job = await enqueueEmail(t.database.db, message, { maxAttempts: 2 });

    const failed = await waitUntil(async () => {
      const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      return row?.status === 'failed' ? row : undefined;
    });
    expect(failed.payload).toEqual(message);
    expect(smtp.accepted).toEqual([]);
  });
});

// E-mail as a job: sending happens after the request's transaction commits, with retries, instead
// of inside the request. Callers enqueue in the transaction of the row that causes the mail.
import { z } from 'zod';
import type { DbExecutor } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../mailer.ts';
import { enqueueJob } from './queue.ts';
import type { JobHandler } from './runner.ts';

export const EMAIL_JOB = 'email.send';
export const EMAIL_MAX_ATTEMPTS = 5;

const mailMessageSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  personal: z.boolean().optional(),
});

export function enqueueEmail(tx: DbExecutor, message: MailMessage, options: { maxAttempts?: number } = {}) {
  return enqueueJob(tx, { kind: EMAIL_JOB, payload: { ...message }, maxAttempts: options.maxAttempts ?? EMAIL_MAX_ATTEMPTS });
}

export function createEmailJobHandler({ mailer, onFailure }: { mailer: Mailer; onFailure?: () => void }): JobHandler<MailMessage> {
  return {
    payload: mailMessageSchema,
    async run(message) {
      const { status } = await mailer.send(message);
      if (status === 'failed') onFailure?.();
      // The mailer keeps every try in email_outbox; only a refused SMTP send is worth retrying.
      return status === 'failed' ? { ok: false, error: 'O servidor SMTP recusou ou não recebeu a mensagem.' } : { ok: true };
    },
    // Mail text carries single-use links: once sent, the job keeps only its subject.
    keepAfterSuccess: (message) => ({ subject: message.subject }),
  };
}

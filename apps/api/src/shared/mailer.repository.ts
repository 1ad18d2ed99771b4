// The e-mail outbox: every message sent (or only logged), with how it went, for the admin to read.
import type { DbExecutor } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';

export async function recordOutgoingMail(
  db: DbExecutor,
  mail: { to: string; subject: string; text: string; html?: string; status: 'sent' | 'logged' | 'failed'; error?: string },
) {
  await db.insert(emailOutbox).values(mail);
}

import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { contactMessages, siteConfigurations } from '../../db/schema.ts';
import { enqueueEmail } from '../../shared/jobs/email.job.ts';
import type { MailMessage } from '../../shared/mailer.ts';

export type NewContactMessage = Pick<typeof contactMessages.$inferInsert, 'name' | 'email' | 'subject' | 'message'>;

export const createContentRepository = (db: DbExecutor) => ({
  async listActiveBySection(section: string) {
    return db
      .select({ configKey: siteConfigurations.configKey, configValue: siteConfigurations.configValue })
      .from(siteConfigurations)
      .where(and(eq(siteConfigurations.section, section), eq(siteConfigurations.isActive, true)))
      .orderBy(asc(siteConfigurations.configKey));
  },

  /** Stores the message and, when given, queues its forward in the same transaction: both or neither. */
  async insertContactMessage(message: NewContactMessage, forward?: MailMessage) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values(message)
        .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
      if (forward) await enqueueEmail(tx, forward);
      return row!;
    });
  },
});
export type ContentRepository = ReturnType<typeof createContentRepository>;

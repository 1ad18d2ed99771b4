import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { contactMessages, siteConfigurations } from '../../db/schema.ts';

export type NewContactMessage = Pick<typeof contactMessages.$inferInsert, 'name' | 'email' | 'subject' | 'message'>;

export const createContentRepository = (db: DbExecutor) => ({
  async listActiveBySection(section: string) {
    return db
      .select({ configKey: siteConfigurations.configKey, configValue: siteConfigurations.configValue })
      .from(siteConfigurations)
      .where(and(eq(siteConfigurations.section, section), eq(siteConfigurations.isActive, true)))
      .orderBy(asc(siteConfigurations.configKey));
  },

  async insertContactMessage(message: NewContactMessage) {
    const [row] = await db
      .insert(contactMessages)
      .values(message)
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    return row!;
  },
});
export type ContentRepository = ReturnType<typeof createContentRepository>;

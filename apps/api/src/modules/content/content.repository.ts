import { and, asc, desc, eq, ilike, isNotNull, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import { RESERVED_CONFIG_SECTIONS } from '@vitrine/domain/content-admin';
import { pageOffset } from '@vitrine/domain/lists';
import type { DbExecutor } from '../../db/client.ts';
import { contactMessages, siteConfigurations } from '../../db/schema.ts';
import { likeContaining } from '../../db/search.ts';
import { writeConfigEntry } from '../../shared/config-entries.repository.ts';
import { enqueueEmail } from '../../shared/jobs/email.job.ts';
import type { MailMessage } from '../../shared/mailer.ts';
import type { AdminTable } from '../admin/admin.resource.ts';

export type NewContactMessage = Pick<typeof contactMessages.$inferInsert, 'name' | 'email' | 'subject' | 'message'>;

export type SiteConfigurationRow = typeof siteConfigurations.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** Site configuration as the admin edits it: every section but the reserved ones (settings). */
export const siteConfigAdminTable = {
  table: siteConfigurations,
  scope: notInArray(siteConfigurations.section, [...RESERVED_CONFIG_SECTIONS]),
  searchColumns: [siteConfigurations.section, siteConfigurations.configKey],
  sortColumns: {
    section: siteConfigurations.section,
    configKey: siteConfigurations.configKey,
    createdAt: siteConfigurations.createdAt,
    updatedAt: siteConfigurations.updatedAt,
  },
} satisfies AdminTable;

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
      const [row] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
      if (forward) await enqueueEmail(tx, forward);
      return row!;
    });
  },

  // ------------------------------------------------------------ admin

  /** Writes an entry by section and key from the version the screen read (shared with the settings). */
  upsertConfig: (entry: Parameters<typeof writeConfigEntry>[1]) => writeConfigEntry(db, entry),

  /** The inbox, newest first: read or unread only when asked, searched in name, e-mail, subject and text. */
  async listContactMessages(query: {
    page: number;
    pageSize: number;
    search?: string;
    unread?: boolean;
  }): Promise<{ rows: ContactMessageRow[]; total: number }> {
    const { page, pageSize, search, unread } = query;
    const filters: (SQL | undefined)[] = [unread === undefined ? undefined : unread ? isNull(contactMessages.readAt) : isNotNull(contactMessages.readAt)];
    if (search) {
      const pattern = likeContaining(search);
      filters.push(
        or(
          ilike(contactMessages.name, pattern),
          ilike(contactMessages.email, pattern),
          ilike(contactMessages.subject, pattern),
          ilike(contactMessages.message, pattern),
        ),
      );
    }
    const where = and(...filters);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(pageSize)
        .offset(pageOffset({ page, pageSize })),
      db.$count(contactMessages, where),
    ]);
    return { rows, total };
  },

  /** Marks a message read (keeping when it was first read) or unread; null when there is no such message. */
  async markContactMessage(id: string, read: boolean): Promise<{ current: ContactMessageRow; row: ContactMessageRow } | null> {
    const [current] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!current) return null;
    const readAt = read ? (current.readAt ?? new Date()) : null;
    const [row] = await db.update(contactMessages).set({ readAt }).where(eq(contactMessages.id, id)).returning();
    return { current, row: row! };
  },
});
export type ContentRepository = ReturnType<typeof createContentRepository>;

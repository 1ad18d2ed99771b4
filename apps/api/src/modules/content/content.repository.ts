import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { siteConfigurations } from '../../db/schema.ts';

export const createContentRepository = (db: DbExecutor) => ({
  async listActiveBySection(section: string) {
    return db
      .select({ configKey: siteConfigurations.configKey, configValue: siteConfigurations.configValue })
      .from(siteConfigurations)
      .where(and(eq(siteConfigurations.section, section), eq(siteConfigurations.isActive, true)))
      .orderBy(asc(siteConfigurations.configKey));
  },
});
export type ContentRepository = ReturnType<typeof createContentRepository>;

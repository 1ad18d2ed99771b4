import type { DbExecutor } from '../../db/client.ts';
import { siteAccessEvents } from '../../db/schema.ts';

export type NewSiteAccessEvent = typeof siteAccessEvents.$inferInsert;

export const createAnalyticsRepository = (db: DbExecutor) => ({
  async insertAccessEvent(event: NewSiteAccessEvent) {
    await db.insert(siteAccessEvents).values(event);
  },
});
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;

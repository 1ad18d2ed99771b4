// Site access events, one per client route change.
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

export const siteAccessEvents = pgTable(
  'site_access_events',
  {
    id: id(),
    path: text('path').notNull(),
    referrerUrl: text('referrer_url'),
    source: text('source').notNull(),
    userAgent: text('user_agent'),
    sessionId: text('session_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('site_access_events_created_idx').on(t.createdAt)],
);

// What the admin panel reads of the running system, as stored: the dashboard's figures, webhook
// deliveries with their attempts and endpoints with their totals, the e-mail outbox and sessions.
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { WebhookDeliveryLog } from '@vitrine/domain/admin';
import type { DbExecutor } from '../../db/client.ts';
import {
  apps,
  chatConversations,
  chatHandoffs,
  chatMessages,
  contactMessages,
  emailOutbox,
  plans,
  proUsers,
  resellerPlans,
  sessions,
  shortcuts,
  siteAccessEvents,
  streamingApps,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema.ts';
import { likeContaining } from '../../db/search.ts';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliverySource = WebhookDeliveryRow['source'];

/** A page: `limit` rows after the first `offset`. */
interface Page {
  limit: number;
  offset: number;
}

/** Days are counted in the business's time zone. */
const TIME_ZONE = 'America/Sao_Paulo';
const TOP = 10;

const sessionColumns = {
  id: sessions.id,
  token: sessions.token,
  email: users.email,
  ipAddress: sessions.ipAddress,
  userAgent: sessions.userAgent,
  createdAt: sessions.createdAt,
  expiresAt: sessions.expiresAt,
};

export const createAdminRepository = (db: DbExecutor) => ({
  /** The dashboard's figures over the last `days` days (today included), in São Paulo's days. */
  async dashboardFigures(days: number) {
    const since = sql`(now() at time zone ${TIME_ZONE})::date - ${days - 1}::int`;
    // The period starts at midnight of its first day in São Paulo, compared as a timestamp so the
    // created_at index serves it (a date computed from each row could not use it).
    const inPeriod = sql`${siteAccessEvents.createdAt} >= ((${since})::timestamp at time zone ${TIME_ZONE})`;
    const [counts, perDay, pages, sources, chat] = await Promise.all([
      Promise.all([
        db.$count(plans),
        db.$count(apps),
        db.$count(streamingApps),
        db.$count(resellerPlans),
        db.$count(shortcuts),
        db.$count(proUsers, eq(proUsers.isActive, true)),
        db.$count(contactMessages, isNull(contactMessages.readAt)),
        db.$count(chatHandoffs, eq(chatHandoffs.status, 'open')),
        // Shortcut runs that never reached their receiver (a visitor asked for a person and nobody was told), in the period.
        db.$count(
          webhookDeliveries,
          and(
            eq(webhookDeliveries.source, 'shortcut'),
            eq(webhookDeliveries.status, 'failed'),
            sql`${webhookDeliveries.createdAt} >= ((${since})::timestamp at time zone ${TIME_ZONE})`,
          ),
        ),
      ]),
      db.execute<{ day: string; visits: number; sessions: number }>(sql`
        select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(v.visits, 0)::int as visits, coalesce(v.sessions, 0)::int as sessions
        from generate_series(${since}, (now() at time zone ${TIME_ZONE})::date, interval '1 day') as d(day)
        left join (
          select (${siteAccessEvents.createdAt} at time zone ${TIME_ZONE})::date as day, count(*) as visits, count(distinct ${siteAccessEvents.sessionId}) as sessions
          from ${siteAccessEvents} where ${inPeriod} group by 1
        ) v on v.day = d.day::date
        order by d.day`),
      db
        .select({ path: siteAccessEvents.path, visits: count() })
        .from(siteAccessEvents)
        .where(inPeriod)
        .groupBy(siteAccessEvents.path)
        .orderBy(desc(count()), siteAccessEvents.path)
        .limit(TOP),
      db
        .select({ source: siteAccessEvents.source, visits: count() })
        .from(siteAccessEvents)
        .where(inPeriod)
        .groupBy(siteAccessEvents.source)
        .orderBy(desc(count()), siteAccessEvents.source)
        .limit(TOP),
      Promise.all([
        db.$count(chatConversations),
        db.$count(chatMessages),
        db.$count(chatMessages, eq(chatMessages.feedback, 'positive')),
        db.$count(chatMessages, eq(chatMessages.feedback, 'negative')),
      ]),
    ]);
    const [planCount, appCount, streamingCount, resellerCount, shortcutCount, proCount, unread, handoffs, failedShortcutRuns] = counts;
    const [conversations, messages, positive, negative] = chat;
    const visitsPerDay =
      'rows' in perDay
        ? (perDay.rows as { day: string; visits: number; sessions: number }[])
        : (perDay as unknown as { day: string; visits: number; sessions: number }[]);
    return {
      counts: {
        plans: planCount,
        apps: appCount,
        streamingApps: streamingCount,
        resellerPlans: resellerCount,
        shortcuts: shortcutCount,
        proUsers: proCount,
        unreadContactMessages: unread,
        openHandoffs: handoffs,
        failedShortcutRuns,
      },
      visitsPerDay,
      topPages: pages,
      topSources: sources,
      chat: { conversations, messages, positive, negative },
    };
  },

  // -------------------------------------------------------------- webhooks

  /** Newest first; the search matches the address, the event or the message id. */
  async listWebhookDeliveries(query: Page & { search?: string; status?: WebhookDeliveryLog['status']; source?: DeliverySource }) {
    const filters: (SQL | undefined)[] = [
      query.status ? eq(webhookDeliveries.status, query.status) : undefined,
      query.source ? eq(webhookDeliveries.source, query.source) : undefined,
    ];
    if (query.search) {
      const pattern = likeContaining(query.search);
      filters.push(or(ilike(webhookDeliveries.url, pattern), ilike(webhookDeliveries.event, pattern), ilike(webhookDeliveries.messageId, pattern)));
    }
    const where = and(...filters);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(query.limit)
        .offset(query.offset),
      db.$count(webhookDeliveries, where),
    ]);
    return { rows, total };
  },

  async findWebhookDelivery(id: string): Promise<WebhookDeliveryRow | undefined> {
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row;
  },

  /** The attempts of these deliveries, in the order they were made. */
  async attemptsOf(deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
    if (deliveryIds.length === 0) return [];
    return db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveryIds)).orderBy(webhookAttempts.attempt);
  },

  /** Newest first, each with how many deliveries it has had. */
  async listWebhookEndpoints(page: Page): Promise<{ rows: { endpoint: WebhookEndpointRow; deliveries: number }[]; total: number }> {
    const deliveries = db
      .select({ endpointId: webhookDeliveries.endpointId, total: count().as('total') })
      .from(webhookDeliveries)
      .groupBy(webhookDeliveries.endpointId)
      .as('totals');
    const [rows, total] = await Promise.all([
      db
        .select({ endpoint: webhookEndpoints, deliveries: sql<number>`coalesce(${deliveries.total}, 0)`.mapWith(Number) })
        .from(webhookEndpoints)
        .leftJoin(deliveries, eq(deliveries.endpointId, webhookEndpoints.id))
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
        .limit(page.limit)
        .offset(page.offset),
      db.$count(webhookEndpoints),
    ]);
    return { rows, total };
  },

  // -------------------------------------------------------------- e-mail and sessions

  /** The outbox, newest first; the search matches the recipient or the subject. */
  async listEmails(query: Page & { search?: string; status?: 'logged' | 'sent' | 'failed' }) {
    const filters: (SQL | undefined)[] = [query.status ? eq(emailOutbox.status, query.status) : undefined];
    if (query.search) filters.push(or(ilike(emailOutbox.to, likeContaining(query.search)), ilike(emailOutbox.subject, likeContaining(query.search))));
    const where = and(...filters);
    const [rows, total] = await Promise.all([
      db
        .select({
          id: emailOutbox.id,
          to: emailOutbox.to,
          subject: emailOutbox.subject,
          status: emailOutbox.status,
          error: emailOutbox.error,
          createdAt: emailOutbox.createdAt,
        })
        .from(emailOutbox)
        .where(where)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(query.limit)
        .offset(query.offset),
      db.$count(emailOutbox, where),
    ]);
    return { rows, total };
  },

  /** Sessions not expired at `now`, newest first, with their user's e-mail. */
  async listActiveSessions(page: Page, now: Date) {
    const active = gt(sessions.expiresAt, now);
    const [rows, total] = await Promise.all([
      db
        .select(sessionColumns)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(active)
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(page.limit)
        .offset(page.offset),
      db.$count(sessions, active),
    ]);
    return { rows, total };
  },

  /** The session with its user's e-mail, if it exists. */
  async findSession(id: string) {
    const [row] = await db.select(sessionColumns).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, id));
    return row;
  },

  async deleteSession(id: string) {
    await db.delete(sessions).where(eq(sessions.id, id));
  },
});

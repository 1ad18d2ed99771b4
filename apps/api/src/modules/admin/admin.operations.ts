// What the admin panel reads of the running system: the dashboard's figures, webhook deliveries and
// endpoints, the e-mail outbox and active sessions.
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Dashboard, WebhookDeliveryLog } from '@vitrine/domain/admin';
import { pageOffset, toListEnvelope } from '@vitrine/domain/lists';
import type { Database } from '../../db/client.ts';
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

/** Days are counted in the business's time zone. */
const TIME_ZONE = 'America/Sao_Paulo';
const TOP = 10;

export async function readDashboard(db: Database, days: number): Promise<Dashboard> {
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
  const rows =
    'rows' in perDay
      ? (perDay.rows as { day: string; visits: number; sessions: number }[])
      : (perDay as unknown as { day: string; visits: number; sessions: number }[]);
  return {
    days,
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
    visitsPerDay: rows.map((row) => ({ day: row.day, visits: Number(row.visits), sessions: Number(row.sessions) })),
    topPages: pages.map((row) => ({ path: row.path, visits: Number(row.visits) })),
    topSources: sources.map((row) => ({ source: row.source, visits: Number(row.visits) })),
    chat: { conversations, messages, positive, negative, positiveRatio: positive + negative > 0 ? positive / (positive + negative) : null },
  };
}

// ---------------------------------------------------------------- webhooks

export async function listWebhookDeliveries(
  db: Database,
  query: { page: number; pageSize: number; search?: string; status?: WebhookDeliveryLog['status']; source?: 'shortcut' | 'credit_order' | 'test' | 'payment' },
) {
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
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.$count(webhookDeliveries, where),
  ]);
  return toListEnvelope(await withAttempts(db, rows), total, query);
}

export async function findDeliveryLog(db: Database, id: string) {
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return (await withAttempts(db, rows))[0] ?? null;
}

async function withAttempts(db: Database, rows: (typeof webhookDeliveries.$inferSelect)[]): Promise<WebhookDeliveryLog[]> {
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(webhookAttempts.attempt)
    : [];
  return rows.map((row) => {
    const mine = attempts.filter((attempt) => attempt.deliveryId === row.id);
    return {
      id: row.id,
      messageId: row.messageId,
      url: row.url,
      event: row.event,
      source: row.source,
      sourceId: row.sourceId,
      status: row.status,
      attempts: mine.map((attempt) => ({
        attempt: attempt.attempt,
        statusCode: attempt.statusCode,
        error: attempt.error,
        durationMs: attempt.durationMs,
        createdAt: attempt.createdAt.toISOString(),
      })),
      lastStatusCode: row.lastStatusCode,
      lastError: row.lastError,
      durationMs: mine.at(-1)?.durationMs ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function listWebhookEndpoints(db: Database, query: { page: number; pageSize: number }) {
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
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.$count(webhookEndpoints),
  ]);
  return toListEnvelope(
    rows.map(({ endpoint, deliveries: sent }) => ({
      id: endpoint.id,
      url: endpoint.url,
      secretHint: `••••${endpoint.secret.slice(-4)}`,
      deliveries: sent,
      createdAt: endpoint.createdAt.toISOString(),
    })),
    total,
    query,
  );
}

// ---------------------------------------------------------------- e-mail and sessions

export async function listEmails(db: Database, query: { page: number; pageSize: number; search?: string; status?: 'logged' | 'sent' | 'failed' }) {
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
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.$count(emailOutbox, where),
  ]);
  return toListEnvelope(
    rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    query,
  );
}

const sessionColumns = {
  id: sessions.id,
  token: sessions.token,
  email: users.email,
  ipAddress: sessions.ipAddress,
  userAgent: sessions.userAgent,
  createdAt: sessions.createdAt,
  expiresAt: sessions.expiresAt,
};

/** Active sessions, newest first; `currentTokens` are the tokens the request carries, to mark its own session. */
export async function listSessions(db: Database, query: { page: number; pageSize: number }, currentTokens: ReadonlySet<string>) {
  const active = gt(sessions.expiresAt, new Date());
  const [rows, total] = await Promise.all([
    db
      .select(sessionColumns)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(active)
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.$count(sessions, active),
  ]);
  return toListEnvelope(
    rows.map(({ token, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      isCurrent: currentTokens.has(token),
    })),
    total,
    query,
  );
}

/** Deletes a session; returns what it was (without its token) for the audit trail, or null. */
export async function revokeSession(tx: Parameters<Parameters<Database['transaction']>[0]>[0], id: string) {
  const [row] = await tx.select(sessionColumns).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, id));
  if (!row) return null;
  await tx.delete(sessions).where(eq(sessions.id, id));
  const { token: _token, ...shown } = row;
  return { ...shown, createdAt: shown.createdAt.toISOString(), expiresAt: shown.expiresAt.toISOString() };
}

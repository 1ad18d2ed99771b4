// The admin panel's operations views and their audited actions: the dashboard, webhook deliveries
// (re-send) and endpoints (secret rotation, shown once), the e-mail outbox and sessions (revoke).
import { NO_ROW_AFFECTED, type Dashboard, type WebhookDeliveryLog } from '@vitrine/domain/admin';
import { pageOffset, toListEnvelope } from '@vitrine/domain/lists';
import type { Database } from '../../db/client.ts';
import { adminWrite, type AdminActor } from '../../shared/audit/audit.ts';
import { notFound } from '../../shared/errors.ts';
import type { Settings } from '../../shared/settings.ts';
import { newEndpointSecret, replaceEndpointSecret } from '../webhooks/webhooks.repository.ts';
import { resendWebhookDelivery } from '../webhooks/webhooks.usecases.ts';
import { createAdminRepository, type DeliverySource, type WebhookDeliveryRow } from './admin.repository.ts';

type PageQuery = { page: number; pageSize: number };
const pageOf = (query: PageQuery) => ({ limit: query.pageSize, offset: pageOffset(query) });

/** The trail and the list show a secret's last four characters only. */
const secretHint = (secret: string) => `••••${secret.slice(-4)}`;

export async function readDashboard({ db }: { db: Database }, days: number): Promise<Dashboard> {
  const figures = await createAdminRepository(db).dashboardFigures(days);
  const { positive, negative } = figures.chat;
  return {
    days,
    counts: figures.counts,
    visitsPerDay: figures.visitsPerDay.map((row) => ({ day: row.day, visits: Number(row.visits), sessions: Number(row.sessions) })),
    topPages: figures.topPages.map((row) => ({ path: row.path, visits: Number(row.visits) })),
    topSources: figures.topSources.map((row) => ({ source: row.source, visits: Number(row.visits) })),
    chat: { ...figures.chat, positiveRatio: positive + negative > 0 ? positive / (positive + negative) : null },
  };
}

// ---------------------------------------------------------------- webhooks

export async function listWebhookDeliveries(
  { db }: { db: Database },
  query: PageQuery & { search?: string; status?: WebhookDeliveryLog['status']; source?: DeliverySource },
) {
  const repository = createAdminRepository(db);
  const { rows, total } = await repository.listWebhookDeliveries({ ...query, ...pageOf(query) });
  return toListEnvelope(await withAttempts(repository, rows), total, query);
}

export async function findDeliveryLog({ db }: { db: Database }, id: string): Promise<WebhookDeliveryLog | null> {
  const repository = createAdminRepository(db);
  const row = await repository.findWebhookDelivery(id);
  return row ? ((await withAttempts(repository, [row]))[0] ?? null) : null;
}

async function withAttempts(repository: ReturnType<typeof createAdminRepository>, rows: WebhookDeliveryRow[]): Promise<WebhookDeliveryLog[]> {
  const attempts = await repository.attemptsOf(rows.map((row) => row.id));
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

/**
 * Sends a finished delivery again, audited; returns the delivery as it is then. A payment event goes
 * to the payments webhook as set now: one kept failed for a refused (or wrong) address reaches the
 * fixed one. Other deliveries keep their own address.
 */
export async function resendDelivery({ db, settings }: { db: Database; settings: Settings }, actor: AdminActor, id: string) {
  const before = await findDeliveryLog({ db }, id);
  const url = before?.source === 'payment' ? await settings.get('payments_webhook_url') : undefined;
  await adminWrite(db, actor, { action: 'update', resource: 'webhook-deliveries' }, async (tx) => {
    const resent = await resendWebhookDelivery(tx, id, { url });
    const moved = resent.url !== resent.previousUrl;
    return {
      recordId: id,
      before: before ? { status: before.status, attempts: before.attempts.length, ...(moved && { url: resent.previousUrl }) } : null,
      after: { status: 'pending', resent: true, ...(moved && { url: resent.url }) },
    };
  });
  return findDeliveryLog({ db }, id);
}

export async function listWebhookEndpoints({ db }: { db: Database }, query: PageQuery) {
  const { rows, total } = await createAdminRepository(db).listWebhookEndpoints(pageOf(query));
  return toListEnvelope(
    rows.map(({ endpoint, deliveries }) => ({
      id: endpoint.id,
      url: endpoint.url,
      secretHint: secretHint(endpoint.secret),
      deliveries,
      createdAt: endpoint.createdAt.toISOString(),
    })),
    total,
    query,
  );
}

/** Gives the endpoint a new signing secret, audited; the secret is shown in this answer only. */
export async function rotateWebhookSecret({ db }: { db: Database }, actor: AdminActor, id: string) {
  const secret = newEndpointSecret();
  const result = await adminWrite(db, actor, { action: 'update', resource: 'webhook-endpoints' }, async (tx) => {
    const current = await replaceEndpointSecret(tx, id, secret);
    if (!current) return null;
    // The trail names the change, never the secret.
    return {
      recordId: id,
      before: { url: current.url, secretHint: secretHint(current.secret) },
      after: { url: current.url, secretHint: secretHint(secret) },
      url: current.url,
    };
  });
  if (!result) throw notFound('admin.webhook-endpoints.not_found', NO_ROW_AFFECTED.update);
  return { id, url: result.url, secret };
}

// ---------------------------------------------------------------- e-mail and sessions

export async function listEmails({ db }: { db: Database }, query: PageQuery & { search?: string; status?: 'logged' | 'sent' | 'failed' }) {
  const { rows, total } = await createAdminRepository(db).listEmails({ ...query, ...pageOf(query) });
  return toListEnvelope(
    rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    query,
  );
}

/** Active sessions, newest first; `currentTokens` are the tokens the request carries, to mark its own session. */
export async function listSessions({ db }: { db: Database }, query: PageQuery, currentTokens: ReadonlySet<string>) {
  const { rows, total } = await createAdminRepository(db).listActiveSessions(pageOf(query), new Date());
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

/** Ends a session at once, audited with what it was (never its token). */
export async function revokeSession({ db }: { db: Database }, actor: AdminActor, id: string) {
  const result = await adminWrite(db, actor, { action: 'delete', resource: 'sessions' }, async (tx) => {
    const repository = createAdminRepository(tx);
    const row = await repository.findSession(id);
    if (!row) return null;
    await repository.deleteSession(id);
    const { token: _token, ...shown } = row;
    return { recordId: id, before: { ...shown, createdAt: shown.createdAt.toISOString(), expiresAt: shown.expiresAt.toISOString() }, after: null };
  });
  if (!result) throw notFound('admin.sessions.not_found', NO_ROW_AFFECTED.delete);
}

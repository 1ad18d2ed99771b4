// Admin writes and their audit trail: the change and its audit row commit together or not at all.
import { changedFields, type AdminWriteAction, type AuditEntry } from '@vitrine/domain/admin';
import { pageOffset, toListEnvelope, type ListEnvelope } from '@vitrine/domain/lists';
import type { Database, Transaction } from '../../db/client.ts';
import { createAuditRepository, type AuditRow } from './audit.repository.ts';

/** Who writes: the signed-in admin, and the session the write came from (absent for scripts). */
export interface AdminActor {
  userId: string;
  email: string;
  sessionId?: string | null;
}

type Snapshot = Record<string, unknown>;

/** Records one write; call it inside the write's transaction. */
export async function recordAudit(
  tx: Transaction,
  actor: AdminActor,
  entry: { action: AdminWriteAction; resource: string; recordId: string; before: Snapshot | null; after: Snapshot | null },
) {
  await createAuditRepository(tx).insert({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    actorSessionId: actor.sessionId ?? null,
    action: entry.action,
    resource: entry.resource,
    recordId: entry.recordId,
    before: entry.before,
    after: entry.after,
    changedFields: changedFields(entry.before, entry.after),
  });
}

/**
 * Runs an admin write and records it in one transaction. `write` returns the record before and after
 * (as the API shows them) and its id, or null when no row was affected: then nothing is recorded.
 */
export async function adminWrite<Result extends { recordId: string; before: Snapshot | null; after: Snapshot | null }>(
  db: Database,
  actor: AdminActor,
  { action, resource }: { action: AdminWriteAction; resource: string },
  write: (tx: Transaction) => Promise<Result | null>,
): Promise<Result | null> {
  return db.transaction(async (tx) => {
    const result = await write(tx);
    if (result) await recordAudit(tx, actor, { action, resource, recordId: result.recordId, before: result.before, after: result.after });
    return result;
  });
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actorEmail: row.actorEmail,
  action: row.action,
  resource: row.resource,
  recordId: row.recordId,
  before: row.before ?? null,
  after: row.after ?? null,
  changedFields: row.changedFields,
});

/** Newest first; the search matches the actor's e-mail, the resource, the record id or a changed field. */
export async function listAudit(
  db: Database,
  query: { page: number; pageSize: number; search?: string; resource?: string; action?: AdminWriteAction },
): Promise<ListEnvelope<AuditEntry>> {
  const { rows, total } = await createAuditRepository(db).list({ ...query, offset: pageOffset(query) });
  return toListEnvelope(rows.map(toEntry), total, query);
}

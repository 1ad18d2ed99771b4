// The audit trail's rows: one written per admin write (in that write's transaction), and the admin's
// searchable list of them.
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminWriteAction } from '@vitrine/domain/admin';
import type { DbExecutor } from '../../db/client.ts';
import { likeContaining } from '../../db/search.ts';
import { auditLog, type AuditRow } from './audit.tables.ts';

export type { AuditRow };
export type NewAuditRow = typeof auditLog.$inferInsert;

export const createAuditRepository = (db: DbExecutor) => ({
  async insert(row: NewAuditRow) {
    await db.insert(auditLog).values(row);
  },

  /** Newest first; the search matches the actor's e-mail, the resource, the record id or a changed field. */
  async list(query: { page: number; pageSize: number; offset: number; search?: string; resource?: string; action?: AdminWriteAction }) {
    const filters: (SQL | undefined)[] = [
      query.resource ? eq(auditLog.resource, query.resource) : undefined,
      query.action ? eq(auditLog.action, query.action) : undefined,
    ];
    if (query.search) {
      const pattern = likeContaining(query.search);
      filters.push(
        or(
          ilike(auditLog.actorEmail, pattern),
          ilike(auditLog.resource, pattern),
          ilike(auditLog.recordId, pattern),
          sql`${auditLog.changedFields}::text ilike ${pattern}`,
        ),
      );
    }
    const where = and(...filters);
    const [rows, total] = await Promise.all([
      db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(query.pageSize).offset(query.offset),
      db.$count(auditLog, where),
    ]);
    return { rows, total };
  },
});

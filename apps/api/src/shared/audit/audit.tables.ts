// The audit trail: one row per admin write, written in the write's own transaction.
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email').notNull(),
    /** The writer's session (its row id, never its token): its own browser is not told 'another user' changed data. */
    actorSessionId: text('actor_session_id'),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    changedFields: jsonb('changed_fields').$type<string[]>().notNull().default([]),
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_record_idx').on(table.resource, table.recordId)],
);
export type AuditRow = typeof auditLog.$inferSelect;

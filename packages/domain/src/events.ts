// The change event: what the server's event stream sends when a row changes, to every browser
// allowed to see that table. The browser refreshes the cached data of `table`. Read without a
// schema library, so every page's first load can listen.

export const CHANGE_EVENT_NAME = 'change';

export const TABLE_CHANGE_OPS = ['insert', 'update', 'delete'] as const;

/** Whose write an audit row records, as each browser is told: its own session's, or another session's. */
export const CHANGE_ORIGINS = ['self', 'other'] as const;

/** The table whose rows are the admin writes people make (background jobs write none). */
export const AUDIT_TABLE = 'audit_log';

export interface TableChange {
  table: string;
  op: (typeof TABLE_CHANGE_OPS)[number];
  id: string | null;
  /** On an audit row's event only: whether the write came from the receiving browser's session. */
  origin?: (typeof CHANGE_ORIGINS)[number];
}

/** The change a payload carries (a table name, one of the three operations, a row id or null), or null for anything else. */
export function readTableChange(payload: unknown): TableChange | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { table, op, id, origin } = payload as Record<string, unknown>;
  if (typeof table !== 'string' || table.length === 0) return null;
  if (!TABLE_CHANGE_OPS.includes(op as TableChange['op'])) return null;
  if (id !== null && typeof id !== 'string') return null;
  const change: TableChange = { table, op: op as TableChange['op'], id };
  if (CHANGE_ORIGINS.includes(origin as NonNullable<TableChange['origin']>)) change.origin = origin as TableChange['origin'];
  return change;
}

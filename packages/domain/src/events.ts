// The change event: what the server's event stream sends when a row changes, to every browser
// allowed to see that table. The browser refreshes the cached data of `table`. Read without a
// schema library, so every page's first load can listen.

export const CHANGE_EVENT_NAME = 'change';

export const TABLE_CHANGE_OPS = ['insert', 'update', 'delete'] as const;

export interface TableChange {
  table: string;
  op: (typeof TABLE_CHANGE_OPS)[number];
  id: string | null;
}

/** The change a payload carries (a table name, one of the three operations, a row id or null), or null for anything else. */
export function readTableChange(payload: unknown): TableChange | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { table, op, id } = payload as Record<string, unknown>;
  if (typeof table !== 'string' || table.length === 0) return null;
  if (!TABLE_CHANGE_OPS.includes(op as TableChange['op'])) return null;
  if (id !== null && typeof id !== 'string') return null;
  return { table, op: op as TableChange['op'], id };
}

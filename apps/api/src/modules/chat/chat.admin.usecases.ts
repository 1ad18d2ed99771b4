// The admin's shortcuts beyond the audited resource: the drag-and-drop order, renumbered from 1 and audited
// as one update per moved shortcut, in one transaction.
import type { Database } from '../../db/client.ts';
import { recordAudit, type AdminActor } from '../../shared/audit/audit.ts';
import { badRequest, conflict } from '../../shared/errors.ts';
import { serializeRow } from '../admin/admin.resource.ts';
import { createChatAdminRepository } from './chat.admin.repository.ts';

/** The shortcut's secret never leaves the server, in answers or in the audit trail. */
export const SHORTCUT_HIDDEN_FIELDS = ['webhookSecret'];
export const shortcutItem = (row: Record<string, unknown>) => serializeRow(row, SHORTCUT_HIDDEN_FIELDS);

/**
 * Puts the shortcuts in the order given (every shortcut once): positions from 1, an audit row for each one
 * that moved. A shortcut made or removed meanwhile by someone else makes the order stale (409).
 */
export async function reorderShortcuts(db: Database, actor: AdminActor, ids: string[]) {
  if (new Set(ids).size !== ids.length) throw badRequest('admin.shortcuts.order_repeated', 'A nova ordem repete um atalho.');
  return db.transaction(async (tx) => {
    const repository = createChatAdminRepository(tx);
    const current = await repository.listShortcutsForUpdate();
    const known = new Set(current.map((row) => row.id));
    if (ids.length !== current.length || ids.some((id) => !known.has(id))) {
      throw conflict('admin.shortcuts.order_stale', 'Os atalhos mudaram enquanto você reordenava. Recarregue a lista e tente de novo.');
    }
    const byId = new Map(current.map((row) => [row.id, row]));
    for (const [position, id] of ids.entries()) {
      const before = byId.get(id)!;
      if (before.orderIndex === position + 1) continue;
      const after = await repository.setShortcutPosition(id, position + 1);
      await recordAudit(tx, actor, { action: 'update', resource: 'shortcuts', recordId: id, before: shortcutItem(before), after: shortcutItem(after!) });
    }
    return (await repository.listShortcutsByIds(ids)).map(shortcutItem);
  });
}

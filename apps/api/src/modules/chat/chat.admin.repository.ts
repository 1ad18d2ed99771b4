// The admin's shortcuts: where the resource is stored, and the queries of their order.
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { shortcuts } from '../../db/schema.ts';
import type { AdminTable } from '../admin/admin.resource.ts';
import type { ShortcutRow } from './chat.repository.ts';

export const shortcutsAdminTable = {
  table: shortcuts,
  searchColumns: [shortcuts.name],
  sortColumns: { orderIndex: shortcuts.orderIndex, name: shortcuts.name, createdAt: shortcuts.createdAt, updatedAt: shortcuts.updatedAt },
} satisfies AdminTable;

export const createChatAdminRepository = (db: DbExecutor) => ({
  async countShortcuts(): Promise<number> {
    const [{ total }] = (await db.select({ total: count() }).from(shortcuts)) as [{ total: number }];
    return Number(total);
  },

  /** Every shortcut in its order, locked until the transaction ends. */
  async listShortcutsForUpdate(): Promise<ShortcutRow[]> {
    return db.select().from(shortcuts).orderBy(asc(shortcuts.orderIndex)).for('update');
  },

  async setShortcutPosition(id: string, orderIndex: number): Promise<ShortcutRow | undefined> {
    const [row] = await db.update(shortcuts).set({ orderIndex }).where(eq(shortcuts.id, id)).returning();
    return row;
  },

  async listShortcutsByIds(ids: string[]): Promise<ShortcutRow[]> {
    return db.select().from(shortcuts).where(inArray(shortcuts.id, ids)).orderBy(asc(shortcuts.orderIndex));
  },
});

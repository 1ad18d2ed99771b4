// A site configuration entry written by its section and key from the version the admin's screen read:
// the content manager's entries (the global discount among them) and the settings share this one write.
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { siteConfigurations } from '../db/schema.ts';
import { isVersion, nextVersion } from './edit-version.ts';

type EntryRow = typeof siteConfigurations.$inferSelect;

/** The entry before and after the write, or `stale` with the entry as it is now (nothing written). */
export type EntryWrite = { stale: false; current: EntryRow | undefined; row: EntryRow } | { stale: true; current: EntryRow | undefined };

/**
 * Writes the entry, creating it when it is missing, when it is still at `expectedUpdatedAt` (its
 * updatedAt as the screen read it; null: the screen saw no entry). Call it inside a transaction: the
 * entry stays locked until that ends, so no other write comes between the check and this one.
 */
export async function writeConfigEntry(
  tx: DbExecutor,
  entry: { section: string; key: string; value: unknown; isActive?: boolean; expectedUpdatedAt: string | null },
): Promise<EntryWrite> {
  const { section, key, value, isActive, expectedUpdatedAt } = entry;
  const match = and(eq(siteConfigurations.section, section), eq(siteConfigurations.configKey, key));
  const [current] = await tx.select().from(siteConfigurations).where(match).for('update');
  if (!isVersion(current?.updatedAt, expectedUpdatedAt)) return { stale: true, current };
  if (current) {
    const [row] = await tx
      .update(siteConfigurations)
      .set({ configValue: value, ...(isActive !== undefined ? { isActive } : {}), updatedAt: nextVersion(current.updatedAt) })
      .where(match)
      .returning();
    return { stale: false, current, row: row! };
  }
  // Two first saves of one entry race: the later waits for the earlier's row, finds it, and is a save
  // from an older version like any other (never a 500, never an overwrite).
  const [row] = await tx
    .insert(siteConfigurations)
    .values({ section, configKey: key, configValue: value, isActive: isActive ?? true })
    .onConflictDoNothing({ target: [siteConfigurations.section, siteConfigurations.configKey] })
    .returning();
  if (row) return { stale: false, current: undefined, row };
  const [now] = await tx.select().from(siteConfigurations).where(match);
  return { stale: true, current: now };
}

/** A section's entries: key, value, whether in force, and version (updatedAt). */
export function listSectionEntries(db: DbExecutor, section: string) {
  return db
    .select({
      key: siteConfigurations.configKey,
      value: siteConfigurations.configValue,
      isActive: siteConfigurations.isActive,
      updatedAt: siteConfigurations.updatedAt,
    })
    .from(siteConfigurations)
    .where(eq(siteConfigurations.section, section));
}

/** Removes one entry; false when there was none. */
export async function deleteConfigEntry(db: DbExecutor, section: string, key: string): Promise<boolean> {
  const removed = await db
    .delete(siteConfigurations)
    .where(and(eq(siteConfigurations.section, section), eq(siteConfigurations.configKey, key)))
    .returning({ id: siteConfigurations.id });
  return removed.length > 0;
}

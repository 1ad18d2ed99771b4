// Admin saves name the version they start from (expectedUpdatedAt, packages/domain/src/edit-version.ts):
// what the test's admin screen would have read before saving.
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../src/db/client.ts';
import { siteConfigurations } from '../src/db/schema.ts';

/** A site configuration entry's version (a setting's: section 'settings'); null when there is none. */
export async function entryVersion(db: Database, section: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ updatedAt: siteConfigurations.updatedAt })
    .from(siteConfigurations)
    .where(and(eq(siteConfigurations.section, section), eq(siteConfigurations.configKey, key)));
  return row ? row.updatedAt.toISOString() : null;
}

/** A record's version, by id, in any table an admin edits. */
export async function rowVersion(db: Database, table: PgTable & { id: PgColumn; updatedAt: PgColumn }, id: string): Promise<string> {
  const [row] = await db.select({ updatedAt: table.updatedAt }).from(table).where(eq(table.id, id));
  if (!row) throw new Error(`sem registro ${id}`);
  return (row.updatedAt as Date).toISOString();
}

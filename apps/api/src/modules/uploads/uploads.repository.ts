import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

/** The author of the demo's installers (`created_by`), which the download tab names 'Pacote de demonstração'. */
export { DEMO_SEED_AUTHOR } from './uploads.tables.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUploadRow = typeof uploads.$inferInsert & { id: string };

export const createUploadsRepository = (db: DbExecutor) => ({
  async insert(row: NewUploadRow): Promise<UploadRow> {
    const [created] = await db.insert(uploads).values(row).returning();
    return created!;
  },

  async findById(id: string): Promise<UploadRow | null> {
    const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
    return row ?? null;
  },

  async findByName(bucket: string, storageName: string): Promise<UploadRow | null> {
    const [row] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.bucket, bucket), eq(uploads.storageName, storageName)))
      .limit(1);
    return row ?? null;
  },

  /** Removes the row and returns it, or null when there was none. */
  async delete(id: string): Promise<UploadRow | null> {
    const [row] = await db.delete(uploads).where(eq(uploads.id, id)).returning();
    return row ?? null;
  },
});
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;

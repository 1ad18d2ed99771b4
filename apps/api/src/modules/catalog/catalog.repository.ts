import { and, asc, desc, eq, exists, gt, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { appFiles, apps, downloadCodes, plans, streamingApps, uploads } from '../../db/schema.ts';
import type { AdminTable } from '../admin/admin.resource.ts';

export type PlanRow = typeof plans.$inferSelect;
export type AppRow = typeof apps.$inferSelect;
export type StreamingAppRow = typeof streamingApps.$inferSelect;
export type DownloadCodeRow = typeof downloadCodes.$inferSelect;
export type AppFileRow = typeof appFiles.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
/** A platform's download: the file row, with its upload when it is a stored installer. */
export interface AppFileTarget {
  file: AppFileRow;
  upload: UploadRow | null;
}

const downloadCodeColumns = {
  id: downloadCodes.id,
  code: downloadCodes.code,
  appId: downloadCodes.appId,
  isUsed: downloadCodes.isUsed,
  createdAt: downloadCodes.createdAt,
  usedAt: downloadCodes.usedAt,
  expiresAt: downloadCodes.expiresAt,
};

/**
 * The one order plans are shown in, everywhere: cheapest monthly price first, then by name (the id
 * only keeps equal rows stable). An admin-set display order, once plans have one, goes first here.
 */
export function planDisplayOrder() {
  return [asc(plans.displayOrder), asc(plans.priceMonthly), asc(plans.name), asc(plans.id)];
}

// ---------------------------------------------------------------- the admin's resources

export const plansAdminTable = {
  table: plans,
  searchColumns: [plans.name],
  sortColumns: {
    displayOrder: plans.displayOrder,
    name: plans.name,
    priceMonthly: plans.priceMonthly,
    createdAt: plans.createdAt,
    updatedAt: plans.updatedAt,
  },
} satisfies AdminTable;

export const appsAdminTable = {
  table: apps,
  searchColumns: [apps.name, apps.category, apps.developer],
  sortColumns: { name: apps.name, category: apps.category, downloads: apps.downloads, createdAt: apps.createdAt, updatedAt: apps.updatedAt },
} satisfies AdminTable;

export const streamingAppsAdminTable = {
  table: streamingApps,
  searchColumns: [streamingApps.name, streamingApps.category, streamingApps.developer],
  sortColumns: {
    name: streamingApps.name,
    category: streamingApps.category,
    price: streamingApps.price,
    createdAt: streamingApps.createdAt,
    updatedAt: streamingApps.updatedAt,
  },
} satisfies AdminTable;

export const createCatalogRepository = (db: DbExecutor) => ({
  async listActivePlans(): Promise<PlanRow[]> {
    return db
      .select()
      .from(plans)
      .where(eq(plans.active, true))
      .orderBy(...planDisplayOrder());
  },

  async listActiveApps(): Promise<AppRow[]> {
    return db.select().from(apps).where(eq(apps.isActive, true)).orderBy(asc(apps.name), asc(apps.id));
  },

  async listActiveAppCategories(): Promise<string[]> {
    const rows = await db.selectDistinct({ category: apps.category }).from(apps).where(eq(apps.isActive, true)).orderBy(asc(apps.category));
    return rows.map((row) => row.category);
  },

  async listActiveStreamingApps(category?: string): Promise<StreamingAppRow[]> {
    return db
      .select()
      .from(streamingApps)
      .where(and(eq(streamingApps.isActive, true), category ? eq(streamingApps.category, category) : undefined))
      .orderBy(asc(streamingApps.name), asc(streamingApps.id));
  },

  async findApp(appId: string): Promise<AppRow | undefined> {
    const [row] = await db.select().from(apps).where(eq(apps.id, appId)).limit(1);
    return row;
  },

  async findActiveApp(appId: string): Promise<Pick<AppRow, 'id' | 'name' | 'downloadUrl'> | undefined> {
    const [row] = await db
      .select({ id: apps.id, name: apps.name, downloadUrl: apps.downloadUrl })
      .from(apps)
      .where(and(eq(apps.id, appId), eq(apps.isActive, true)))
      .limit(1);
    return row;
  },

  /** Inserts a code unless it is already taken; undefined means "draw another one". */
  async insertDownloadCode(values: { code: string; appId: string; expiresAt: Date }): Promise<DownloadCodeRow | undefined> {
    const [row] = await db.insert(downloadCodes).values(values).onConflictDoNothing({ target: downloadCodes.code }).returning(downloadCodeColumns);
    return row;
  },

  async listDownloadCodes(appId: string, limit: number, offset: number): Promise<{ rows: DownloadCodeRow[]; total: number }> {
    const where = eq(downloadCodes.appId, appId);
    const [rows, total] = await Promise.all([
      db
        .select(downloadCodeColumns)
        .from(downloadCodes)
        .where(where)
        .orderBy(desc(downloadCodes.createdAt), desc(downloadCodes.id))
        .limit(limit)
        .offset(offset),
      db.$count(downloadCodes, where),
    ]);
    return { rows, total };
  },

  /** The downloads of these apps, each with its upload when it is a stored file. */
  async listAppFiles(appIds: string[]): Promise<AppFileTarget[]> {
    if (!appIds.length) return [];
    const rows = await db
      .select({ file: appFiles, upload: uploads })
      .from(appFiles)
      .leftJoin(uploads, eq(uploads.id, appFiles.uploadId))
      .where(inArray(appFiles.appId, appIds));
    return rows;
  },

  async findAppFileById(id: string): Promise<AppFileTarget | undefined> {
    const [row] = await db
      .select({ file: appFiles, upload: uploads })
      .from(appFiles)
      .leftJoin(uploads, eq(uploads.id, appFiles.uploadId))
      .innerJoin(apps, and(eq(apps.id, appFiles.appId), eq(apps.isActive, true)))
      .where(eq(appFiles.id, id))
      .limit(1);
    return row;
  },

  async findUpload(id: string): Promise<UploadRow | undefined> {
    const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
    return row;
  },

  /** Sets one platform's download; returns the row and the upload it replaced, if any. */
  async upsertAppFile(
    appId: string,
    platform: string,
    target: { uploadId: string; externalUrl: null } | { uploadId: null; externalUrl: string },
  ): Promise<{ file: AppFileRow; replacedUploadId: string | null }> {
    const [previous] = await db
      .select({ uploadId: appFiles.uploadId })
      .from(appFiles)
      .where(and(eq(appFiles.appId, appId), eq(appFiles.platform, platform)))
      .for('update');
    const [file] = await db
      .insert(appFiles)
      .values({ appId, platform, ...target })
      .onConflictDoUpdate({ target: [appFiles.appId, appFiles.platform], set: { ...target, updatedAt: sql`now()` } })
      .returning();
    const replaced = previous?.uploadId && previous.uploadId !== target.uploadId ? previous.uploadId : null;
    return { file: file!, replacedUploadId: replaced };
  },

  async deleteAppFile(appId: string, platform: string): Promise<AppFileRow | undefined> {
    const [row] = await db
      .delete(appFiles)
      .where(and(eq(appFiles.appId, appId), eq(appFiles.platform, platform)))
      .returning();
    return row;
  },

  /** Whether the code could be spent on this active app right now (unused, unexpired), without spending it. */
  async isRedeemable(code: string, appId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: downloadCodes.id })
      .from(downloadCodes)
      .innerJoin(apps, and(eq(apps.id, downloadCodes.appId), eq(apps.isActive, true)))
      .where(and(eq(downloadCodes.code, code), eq(downloadCodes.appId, appId), eq(downloadCodes.isUsed, false), gt(downloadCodes.expiresAt, sql`now()`)))
      .limit(1);
    return row !== undefined;
  },

  /**
   * Spends the code for one download, if at this instant the code is unused, unexpired and of this
   * active app, and the download still exists. One conditional UPDATE: of simultaneous redemptions
   * exactly one matches, and a code is never spent on a download that is gone.
   */
  async redeemDownloadCodeFor(code: string, appId: string, fileId: string): Promise<DownloadCodeRow | undefined> {
    const [row] = await db
      .update(downloadCodes)
      .set({ isUsed: true, usedAt: sql`now()` })
      .where(
        and(
          eq(downloadCodes.code, code),
          eq(downloadCodes.appId, appId),
          eq(downloadCodes.isUsed, false),
          gt(downloadCodes.expiresAt, sql`now()`),
          inArray(downloadCodes.appId, db.select({ id: apps.id }).from(apps).where(eq(apps.isActive, true))),
          exists(
            db
              .select({ id: appFiles.id })
              .from(appFiles)
              .where(and(eq(appFiles.id, fileId), eq(appFiles.appId, appId))),
          ),
        ),
      )
      .returning(downloadCodeColumns);
    return row;
  },

  /**
   * Marks the code used if, at this instant, it is unused, unexpired and belongs to this active app.
   * One conditional UPDATE, never a read-then-write: of simultaneous redemptions exactly one matches.
   */
  async redeemDownloadCode(code: string, appId: string): Promise<DownloadCodeRow | undefined> {
    const [row] = await db
      .update(downloadCodes)
      .set({ isUsed: true, usedAt: sql`now()` })
      .where(
        and(
          eq(downloadCodes.code, code),
          eq(downloadCodes.appId, appId),
          eq(downloadCodes.isUsed, false),
          gt(downloadCodes.expiresAt, sql`now()`),
          inArray(downloadCodes.appId, db.select({ id: apps.id }).from(apps).where(eq(apps.isActive, true))),
        ),
      )
      .returning(downloadCodeColumns);
    return row;
  },
});
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

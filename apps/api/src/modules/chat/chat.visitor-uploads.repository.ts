// The files visitors send in the chat, as their quotas and their expiry read and delete them: the
// bytes they hold, the oldest past a cutoff, and one file's row with the messages' links to it.
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { chatMessages, uploads } from '../../db/schema.ts';

export type VisitorUploadRow = typeof uploads.$inferSelect;

/** Any number fixed for this lock (the jobs' locks use others). */
const QUOTA_CHECK_LOCK = 7_268_457;

export const createVisitorUploadsRepository = (db: DbExecutor) => ({
  /** Bytes held by the buckets' files: all of them, those of the address key, those of the visitor; one statement, so the three sums are of the same rows. */
  async usage(buckets: readonly string[], owner: { addressKey: string; visitorId: string }): Promise<{ total: number; address: number; visitor: number }> {
    const [row] = await db
      .select({
        total: sql<string | number>`coalesce(sum(${uploads.sizeBytes}), 0)`,
        address: sql<string | number>`coalesce(sum(${uploads.sizeBytes}) filter (where ${uploads.addressKey} = ${owner.addressKey}), 0)`,
        visitor: sql<string | number>`coalesce(sum(${uploads.sizeBytes}) filter (where ${uploads.visitorId} = ${owner.visitorId}), 0)`,
      })
      .from(uploads)
      .where(inArray(uploads.bucket, [...buckets]));
    return { total: Number(row?.total ?? 0), address: Number(row?.address ?? 0), visitor: Number(row?.visitor ?? 0) };
  },

  /** Holds, until the transaction ends, the one lock the checks of a stored file against the quotas take in turn. */
  async lockQuotaCheck() {
    await db.execute(sql`select pg_advisory_xact_lock(${QUOTA_CHECK_LOCK})`);
  },

  /** The buckets' files stored before the cutoff, oldest first. */
  async storedBefore(buckets: readonly string[], cutoff: Date, limit: number): Promise<VisitorUploadRow[]> {
    return db
      .select()
      .from(uploads)
      .where(and(inArray(uploads.bucket, [...buckets]), lt(uploads.createdAt, cutoff)))
      .orderBy(asc(uploads.createdAt))
      .limit(limit);
  },

  /** Deletes the file's row; false when it was already gone. */
  async deleteUpload(id: string): Promise<boolean> {
    const [row] = await db.delete(uploads).where(eq(uploads.id, id)).returning({ id: uploads.id });
    return row !== undefined;
  },

  /** Unlinks the file from the messages that carried it (as their image or voice note), which now say `content`. */
  async replaceAttachment(uploadId: string, content: string) {
    await db
      .update(chatMessages)
      .set({
        imageUploadId: sql`case when ${chatMessages.imageUploadId} = ${uploadId} then null else ${chatMessages.imageUploadId} end`,
        audioUploadId: sql`case when ${chatMessages.audioUploadId} = ${uploadId} then null else ${chatMessages.audioUploadId} end`,
        content,
      })
      .where(or(eq(chatMessages.imageUploadId, uploadId), eq(chatMessages.audioUploadId, uploadId)));
  },
});

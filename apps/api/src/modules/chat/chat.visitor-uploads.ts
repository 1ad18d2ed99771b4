// Files visitors send in the chat (images, voice notes) are anonymous: they have a total quota, and
// the housekeeping job (shared/jobs/housekeeping.job.ts) deletes them once they are older than the
// retention period, with the rest of what outlives its use.
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client.ts';
import { chatMessages, uploads } from '../../db/schema.ts';
import { AppError } from '../../shared/errors.ts';
import type { JobHandler } from '../../shared/jobs/runner.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { storageKey } from '../uploads/uploads.usecases.ts';

export const VISITOR_UPLOAD_BUCKETS = ['chat-attachments', 'chat-audio'] as const;
/**
 * The job that swept these files before housekeeping did (until 2026-11-27). One may still be queued in a database
 * from then: it is run once and does nothing, so it neither waits forever nor queues a successor.
 */
export const RETIRED_VISITOR_UPLOADS_SWEEP_JOB = 'chat.visitor_uploads_sweep';
const DAY_MS = 24 * 60 * 60_000;
const BATCH = 200;

export interface VisitorUploadsPolicy {
  quotaBytes: number;
  retentionDays: number;
}

/** What a message whose file was deleted says instead, in the visitor's and the admins' view. */
export const expiredAttachmentText = (retentionDays: number) =>
  `Anexo expirado: arquivos enviados no chat são apagados após ${retentionDays} ${retentionDays === 1 ? 'dia' : 'dias'}.`;

export const visitorStorageFull = () =>
  new AppError('chat.attachments_storage_full', 413, 'Limite de armazenamento de anexos atingido. Envie sua dúvida por texto ou tente novamente mais tarde.');

/** Bytes held by visitors' chat files. */
export async function visitorUploadsBytes(db: DbExecutor): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number>`coalesce(sum(${uploads.sizeBytes}), 0)` })
    .from(uploads)
    .where(inArray(uploads.bucket, [...VISITOR_UPLOAD_BUCKETS]));
  return Number(row?.total ?? 0);
}

export interface SweepDeps {
  db: Database;
  storage: FileStorage;
  logger: Pick<Logger, 'error'>;
  retentionDays: number;
}

/**
 * Deletes the visitors' files stored before the retention period: per file, the row and the
 * message's link to it go in one transaction (the message then says the file expired), then the
 * object. Returns how many files were deleted.
 */
export async function sweepExpiredVisitorUploads({ db, storage, logger, retentionDays }: SweepDeps, now: Date, signal?: AbortSignal): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let deleted = 0;
  while (!signal?.aborted) {
    const expired = await db
      .select()
      .from(uploads)
      .where(and(inArray(uploads.bucket, [...VISITOR_UPLOAD_BUCKETS]), lt(uploads.createdAt, cutoff)))
      .orderBy(asc(uploads.createdAt))
      .limit(BATCH);
    for (const upload of expired) {
      const gone = await db.transaction(async (tx) => {
        const [row] = await tx.delete(uploads).where(eq(uploads.id, upload.id)).returning({ id: uploads.id });
        if (!row) return false;
        await tx
          .update(chatMessages)
          .set({
            imageUploadId: sql`case when ${chatMessages.imageUploadId} = ${upload.id} then null else ${chatMessages.imageUploadId} end`,
            audioUploadId: sql`case when ${chatMessages.audioUploadId} = ${upload.id} then null else ${chatMessages.audioUploadId} end`,
            content: expiredAttachmentText(retentionDays),
          })
          .where(or(eq(chatMessages.imageUploadId, upload.id), eq(chatMessages.audioUploadId, upload.id)));
        return true;
      });
      if (!gone) continue;
      deleted++;
      await storage.delete(storageKey(upload)).catch((error: unknown) => {
        // The row is gone, so nothing serves the object any more; it only takes space.
        logger.error({ err: error, key: storageKey(upload) }, 'arquivo do chat expirado: remoção do objeto falhou');
      });
    }
    if (expired.length < BATCH) return deleted;
  }
  return deleted;
}

export const retiredVisitorUploadsSweepHandler: JobHandler<unknown> = {
  payload: z.unknown(),
  async run() {
    return { ok: true };
  },
};

// Files visitors send in the chat (images, voice notes) are anonymous: they have a total quota, a share
// per client address and per visitor (so one client cannot fill the total for everyone), and the
// housekeeping job (shared/jobs/housekeeping.job.ts) deletes them once they are older than the
// retention period, with the rest of what outlives its use.
import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { JobHandler } from '../../shared/jobs/runner.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { storageKey } from '../uploads/uploads.usecases.ts';
import { createVisitorUploadsRepository } from './chat.visitor-uploads.repository.ts';

export const VISITOR_UPLOAD_BUCKETS = ['chat-attachments', 'chat-audio'] as const;
/**
 * The job that swept these files before housekeeping did (until 2026-11-27). One may still be queued in a database
 * from then: it is run once and does nothing, so it neither waits forever nor queues a successor.
 */
export const RETIRED_VISITOR_UPLOADS_SWEEP_JOB = 'chat.visitor_uploads_sweep';
const DAY_MS = 24 * 60 * 60_000;
const BATCH = 200;

/** What visitors' chat files may hold, in bytes: all together, those sent from one address, those of one visitor. */
export interface VisitorUploadQuotas {
  totalBytes: number;
  perAddressBytes: number;
  perVisitorBytes: number;
}

/** Who sends a file: the visitor id (hash of the cookie) and the key of the client address (`uploadAddressKey`). */
export interface VisitorUploadOwner {
  visitorId: string;
  addressKey: string;
}

/** What a message whose file was deleted says instead, in the visitor's and the admins' view. */
export const expiredAttachmentText = (retentionDays: number) =>
  `Anexo expirado: arquivos enviados no chat são apagados após ${retentionDays} ${retentionDays === 1 ? 'dia' : 'dias'}.`;

export const visitorStorageFull = () =>
  new AppError('chat.attachments_storage_full', 413, 'Limite de armazenamento de anexos atingido. Envie sua dúvida por texto ou tente novamente mais tarde.');

export const visitorUploadLimitReached = () =>
  new AppError(
    'chat.attachments_visitor_limit',
    413,
    'Você atingiu o limite de anexos por visitante. Envie sua dúvida por texto ou tente novamente mais tarde.',
  );

export const addressUploadLimitReached = () =>
  new AppError(
    'chat.attachments_address_limit',
    413,
    'Seu endereço de internet (IP) atingiu o limite de anexos. Envie sua dúvida por texto ou tente novamente mais tarde.',
  );

/**
 * The key the files sent from a client address are counted under: a SHA-256 (the address itself is not
 * kept), of the IPv4 address, or of the /64 of an IPv6 one (what one subscriber is usually given: the
 * addresses inside it cost an attacker nothing). IPv4-mapped IPv6 counts as its IPv4 address.
 */
export function uploadAddressKey(ip: string): string {
  let group = ip;
  if (ipaddr.isValid(ip)) {
    const parsed = ipaddr.process(ip);
    if (parsed.kind() === 'ipv6') {
      const bytes = parsed
        .toByteArray()
        .slice(0, 8)
        .concat(Array.from({ length: 8 }, () => 0));
      group = `${ipaddr.fromByteArray(bytes).toString()}/64`;
    } else {
      group = parsed.toString();
    }
  }
  return createHash('sha256').update(`chat-upload-address:${group}`).digest('hex');
}

/** Bytes held by visitors' chat files: all of them, those sent from the owner's address, the owner's own. */
export async function visitorUploadsUsage(db: DbExecutor, owner: VisitorUploadOwner): Promise<{ total: number; address: number; visitor: number }> {
  return createVisitorUploadsRepository(db).usage(VISITOR_UPLOAD_BUCKETS, owner);
}

/**
 * The refusal for what the owner's files would hold, or null when there is room: `before` a file is
 * read, a sum at its limit already refuses (nothing more fits); `after` it is stored, a sum over it
 * does. A full total is said as before (it is the same for everyone); else the address's share, then
 * the visitor's.
 */
export async function visitorUploadRefusal(
  db: DbExecutor,
  owner: VisitorUploadOwner,
  quotas: VisitorUploadQuotas,
  when: 'before' | 'after',
): Promise<AppError | null> {
  const usage = await visitorUploadsUsage(db, owner);
  const over = (used: number, limit: number) => (when === 'before' ? used >= limit : used > limit);
  if (over(usage.total, quotas.totalBytes)) return visitorStorageFull();
  if (over(usage.address, quotas.perAddressBytes)) return addressUploadLimitReached();
  if (over(usage.visitor, quotas.perVisitorBytes)) return visitorUploadLimitReached();
  return null;
}

/**
 * A file just stored, checked against the quotas with every other file stored meanwhile: the checks take
 * one lock in turn, and a file that takes a sum over its limit has its row deleted inside its own check
 * (the caller then deletes the object). So of simultaneous uploads that each saw room beforehand, the
 * first ones checked stay while they fit, the rest are refused: never all of them, never a sum over.
 */
export async function keepWithinQuotas(db: Database, owner: VisitorUploadOwner, quotas: VisitorUploadQuotas, uploadId: string): Promise<AppError | null> {
  return db.transaction(async (tx) => {
    const repository = createVisitorUploadsRepository(tx);
    await repository.lockQuotaCheck();
    const over = await visitorUploadRefusal(tx, owner, quotas, 'after');
    if (over) await repository.deleteUpload(uploadId);
    return over;
  });
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
    const expired = await createVisitorUploadsRepository(db).storedBefore(VISITOR_UPLOAD_BUCKETS, cutoff, BATCH);
    for (const upload of expired) {
      const gone = await db.transaction(async (tx) => {
        const repository = createVisitorUploadsRepository(tx);
        if (!(await repository.deleteUpload(upload.id))) return false;
        await repository.replaceAttachment(upload.id, expiredAttachmentText(retentionDays));
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

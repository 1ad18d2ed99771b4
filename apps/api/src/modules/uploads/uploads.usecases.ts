import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { isUploadBucket, uploadBuckets, uploadUrl, type Upload, type UploadBucket } from '@vitrine/domain/uploads';
import { StorageLimitError, type FileStorage } from '../../shared/storage/storage.ts';
import { DEFAULT_SAMPLE_BYTES, sniffFileType } from './uploads.detect.ts';
import { emptyFile, fileTooLarge, fileTypeNotAllowed, invalidFileLink, malformedUpload, storageUnavailable, uploadNotFound } from './uploads.errors.ts';
import { sanitizeOriginalName, STORED_NAME, storedFileName } from './uploads.file-name.ts';
import type { UploadRow, UploadsRepository } from './uploads.repository.ts';

export interface UploadsDeps {
  repository: UploadsRepository;
  storage: FileStorage;
  logger: Pick<Logger, 'error'>;
}

export const storageKey = (row: Pick<UploadRow, 'bucket' | 'storageName'>) => `${row.bucket}/${row.storageName}`;

// An APK is a ZIP whose 'classes.dex' entry may sit well into the archive: installers are
// sampled further so they are told apart from plain archives.
const sampleBytesFor = (bucket: UploadBucket) => (uploadBuckets[bucket].accepts.some((type) => type.extension === 'apk') ? 1024 * 1024 : DEFAULT_SAMPLE_BYTES);

export interface StoreUploadInput {
  bucket: UploadBucket;
  body: Readable;
  /** The name the client gave the file; kept only as sanitised metadata. */
  clientName: string | undefined;
  createdBy: string | null;
  /** A visitor's chat file: who sent it and from where (the quotas of chat.visitor-uploads.ts). */
  visitor?: { visitorId: string; addressKey: string };
  /** When it was stored, by the caller's clock; the database's time when absent. */
  createdAt?: Date;
}

/**
 * Stores a file under a generated name, then records it. A refused or failed upload leaves
 * nothing: no object (the storage drivers guarantee it for a failed put) and no row (the object is
 * deleted again if the row cannot be written).
 */
export async function storeUpload({ repository, storage, logger }: UploadsDeps, input: StoreUploadInput): Promise<UploadRow> {
  const policy = uploadBuckets[input.bucket];
  const sniffed = await sniffFileType(input.body, sampleBytesFor(input.bucket)).catch((error: unknown) => {
    throw asUploadError(error, input.bucket, logger);
  });
  if (sniffed.sampledBytes === 0) throw emptyFile();
  const accepted = policy.accepts.find((type) => type.mime === sniffed.mime);
  if (!accepted) {
    sniffed.body.destroy();
    throw fileTypeNotAllowed(input.bucket);
  }

  const id = randomUUID();
  const originalName = sanitizeOriginalName(input.clientName, accepted.extension);
  const storageName = storedFileName(originalName, accepted.extension);
  const key = `${input.bucket}/${storageName}`;
  const stored = await storage.put(key, sniffed.body, { contentType: accepted.mime, maxBytes: policy.maxBytes }).catch((error: unknown) => {
    throw asUploadError(error, input.bucket, logger);
  });

  try {
    return await repository.insert({
      id,
      bucket: input.bucket,
      storageName,
      originalName,
      contentType: accepted.mime,
      sizeBytes: stored.size,
      createdBy: input.createdBy,
      ...(input.visitor ? { visitorId: input.visitor.visitorId, addressKey: input.visitor.addressKey } : {}),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    });
  } catch (error) {
    await storage.delete(key).catch((cleanupError: unknown) => {
      logger.error({ err: cleanupError, key }, 'arquivo órfão: registro não gravado e remoção falhou');
    });
    throw error;
  }
}

function asUploadError(error: unknown, bucket: UploadBucket, logger: UploadsDeps['logger']) {
  if (error instanceof StorageLimitError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return fileTooLarge(bucket);
  }
  // The request itself broke off or was not valid multipart.
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('FST_') || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || isBusboyError(error)) {
    return malformedUpload();
  }
  logger.error({ err: error }, 'falha ao gravar arquivo no armazenamento');
  return storageUnavailable();
}

const isBusboyError = (error: unknown) => error instanceof Error && /multipart|terminated early|Unexpected end/i.test(error.message);

/** Removes the record first, so the file stops being served at once, then the object. */
export async function deleteUpload({ repository, storage, logger }: UploadsDeps, id: string): Promise<void> {
  const row = await repository.delete(id);
  if (!row) throw uploadNotFound();
  await storage.delete(storageKey(row)).catch((error: unknown) => {
    // The row is gone, so nothing serves the object any more; it only takes space.
    logger.error({ err: error, key: storageKey(row) }, 'arquivo órfão: remoção do objeto falhou');
  });
}

/** The upload a served URL names (bucket and stored name), or null. */
export async function findUploadByName({ repository }: Pick<UploadsDeps, 'repository'>, bucket: string, name: string) {
  if (!STORED_NAME.test(name)) return null;
  return repository.findByName(bucket, name);
}

/**
 * The upload a signed link names (`uploadId`: the link's verified id, null when it did not verify). A link
 * never reaches a bucket that does not hand out links, whoever signed it.
 */
export async function findSignedUpload({ repository }: Pick<UploadsDeps, 'repository'>, uploadId: string | null): Promise<UploadRow> {
  const upload = uploadId ? await repository.findById(uploadId) : null;
  if (!upload || !isUploadBucket(upload.bucket) || !uploadBuckets[upload.bucket].signedLinks) throw invalidFileLink();
  return upload;
}

/** Removes a file by the last segment of its address, in its bucket. */
export async function deleteUploadByName(deps: UploadsDeps, bucket: string, name: string): Promise<void> {
  const row = await findUploadByName(deps, bucket, name);
  if (!row) throw uploadNotFound();
  await deleteUpload(deps, row.id);
}

export const toUploadResponse = (row: UploadRow): Upload => ({
  id: row.id,
  bucket: row.bucket as UploadBucket,
  url: uploadUrl(row.bucket as UploadBucket, row.storageName),
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  originalName: row.originalName,
  createdAt: row.createdAt.toISOString(),
});

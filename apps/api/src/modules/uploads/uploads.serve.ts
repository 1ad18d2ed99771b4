// Serving a stored file from our own origin without letting it act as a page: the detected type,
// nosniff, inline only for raster images, everything else a download inside a sandbox policy.
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INLINE_IMAGE_TYPES } from '@vitrine/domain/uploads';
import type { ByteRange, FileStorage } from '../../shared/storage/storage.ts';
import { rangeNotSatisfiable, uploadNotFound } from './uploads.errors.ts';
import { storedExtension, withDetectedExtension } from './uploads.file-name.ts';
import type { UploadRow } from './uploads.repository.ts';
import { storageKey } from './uploads.usecases.ts';

export interface ServeOptions {
  storage: FileStorage;
  upload: UploadRow;
  /** Public files never change under their generated name: any cache may keep them for a year. */
  cache: 'public-immutable' | 'private';
}

export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, { storage, upload, cache }: ServeOptions) {
  // The generated name is never reused, so the upload's id identifies its bytes.
  const etag = `"${upload.id}"`;
  reply
    .header('etag', etag)
    .header('cache-control', cache === 'public-immutable' ? 'public, max-age=31536000, immutable' : 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();

  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, upload.sizeBytes) : undefined;
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${upload.sizeBytes}`);
    throw rangeNotSatisfiable();
  }

  const object = await storage.get(storageKey(upload), range);
  if (!object) {
    request.log.warn({ uploadId: upload.id }, 'arquivo registrado sem objeto no armazenamento');
    throw uploadNotFound();
  }

  const inline = INLINE_IMAGE_TYPES.has(upload.contentType);
  reply
    .header('content-type', upload.contentType)
    .header('content-length', String(object.size))
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(servedFileName(upload), { type: inline ? 'inline' : 'attachment' }));
  // Anything that is not a raster image (PDF, video, archives; SVG or HTML should one ever be
  // stored) is a download; should a browser render it anyway, it gets no scripts and no origin.
  if (!inline) reply.header('content-security-policy', "default-src 'none'; sandbox");
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${upload.sizeBytes}`);
  return reply.send(object.body);
}

/**
 * The download name: the uploader's, with the extension of the detected type (files stored before
 * names were corrected at upload are corrected here).
 */
export const servedFileName = (upload: Pick<UploadRow, 'originalName' | 'storageName'>) =>
  withDetectedExtension(upload.originalName, storedExtension(upload.storageName));

function matchesEtag(header: string | undefined, etag: string) {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/**
 * One byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`). Anything else, several ranges included, is
 * answered with the whole file, as HTTP allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined; // not a valid range: ignored
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

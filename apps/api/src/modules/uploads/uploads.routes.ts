import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { isUploadBucket, uploadBuckets } from '@vitrine/domain/uploads';
import { uploadsContract } from '@vitrine/domain/uploads.contract';
import type { Database } from '../../db/client.ts';
import { route } from '../../shared/route.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { malformedUpload, noFileSent, notMultipart, uploadNotFound } from './uploads.errors.ts';
import { createFileLinkSigner } from './uploads.links.ts';
import { createUploadsRepository } from './uploads.repository.ts';
import { sendStoredFile } from './uploads.serve.ts';
import { deleteUpload, deleteUploadByName, findSignedUpload, findUploadByName, storeUpload, toUploadResponse, type UploadsDeps } from './uploads.usecases.ts';

export interface UploadsRoutesOptions {
  db: Database;
  storage: FileStorage;
  /** Signs links to private files; the server's resolved secret, so links work on every instance. */
  linkSecret: string;
}

export async function uploadsRoutes(app: FastifyInstance, { db, storage, linkSecret }: UploadsRoutesOptions) {
  const deps: UploadsDeps = { repository: createUploadsRepository(db), storage, logger: app.log };
  const links = createFileLinkSigner(linkSecret);

  // Multipart is parsed only in this scope: every other route keeps refusing it (415).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One file and a few small fields; the per-bucket file size is set on each request.
      limits: { files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
    });

    route(scope, uploadsContract.upload, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply) => {
      const { bucket } = request.params;
      if (!request.isMultipart()) throw notMultipart();
      // One byte over the limit is enough to know the file is too large; busboy stops there.
      const part = await request.file({ limits: { fileSize: uploadBuckets[bucket].maxBytes + 1 } }).catch(() => {
        throw malformedUpload();
      });
      if (!part) throw noFileSent();
      const viewer = await request.viewer();
      try {
        const upload = await storeUpload(deps, { bucket, body: part.file, clientName: part.filename, createdBy: viewer?.userId ?? null });
        return reply.status(201).send(toUploadResponse(upload));
      } catch (error) {
        // Read (and drop) the rest of a refused file, so the client finishes sending and reads the answer. The
        // storage destroyed the file's stream when it refused it: then the request itself is read to its end
        // (Node 20's server did that by itself once the answer was sent; 22's leaves it paused behind the parser).
        if (!part.file.destroyed) part.file.resume();
        else {
          request.raw.unpipe();
          request.raw.resume();
        }
        throw error;
      }
    });
  });

  route(app, uploadsContract.deleteUpload, {}, async (request, reply) => {
    await deleteUpload(deps, request.params.id);
    return reply.status(204).send(null);
  });

  route(app, uploadsContract.deleteFile, {}, async (request, reply) => {
    await deleteUploadByName(deps, request.params.bucket, request.params.name);
    return reply.status(204).send(null);
  });

  // Stored files are served as they are: already-compressed images need no compression, and the
  // length and ranges must be those of the stored bytes.
  route(app, uploadsContract.file, { compress: false }, async (request, reply) => {
    const { bucket, name } = request.params;
    const policy = isUploadBucket(bucket) ? uploadBuckets[bucket] : undefined;
    if (!policy) throw uploadNotFound();
    // A private file is served to active PRO sessions only; to anyone else it does not exist.
    if (policy.access === 'private' && !(await request.viewer())?.isPro) throw uploadNotFound();
    const upload = await findUploadByName(deps, bucket, name);
    if (!upload) throw uploadNotFound();
    return sendStoredFile(request, reply, {
      storage,
      upload,
      cache: policy.access === 'public' ? 'public-immutable' : 'private',
    });
  });

  route(app, uploadsContract.signedFile, { compress: false, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply) => {
    const upload = await findSignedUpload(deps, links.verify(request.params.token));
    reply.header('referrer-policy', 'no-referrer');
    return sendStoredFile(request, reply, { storage, upload, cache: 'private' });
  });
}

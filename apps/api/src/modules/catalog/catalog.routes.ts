import type { FastifyInstance } from 'fastify';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import type { Database } from '../../db/client.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { route } from '../../shared/route.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { createUploadsRepository } from '../uploads/uploads.repository.ts';
import { sendStoredFile } from '../uploads/uploads.serve.ts';
import { createDownloadLinkSigner } from './catalog.download-links.ts';
import { downloadCodeRequired, invalidDownloadCode, noDownloadFile, tooManyDownloadAttempts } from './catalog.errors.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import {
  issueDownloadCode,
  listAppCategories,
  listAppFiles,
  listDownloadCodes,
  listPublicApps,
  listPublicPlans,
  listPublicStreamingApps,
  redeemDownloadCode,
  removeAppFile,
  resolveDownload,
  setAppFile,
} from './catalog.usecases.ts';

/** Failed code attempts allowed per visitor and window; successful ones do not count. */
export const DOWNLOAD_FAILURES_MAX = 10;
export const DOWNLOAD_FAILURES_WINDOW_MS = 10 * 60 * 1000;

// The link secret is the server's resolved secret (AUTH_SECRET or the one kept in DATA_DIR), so links
// survive a restart and work on every instance.
export async function catalogRoutes(app: FastifyInstance, { db, linkSecret, storage }: { db: Database; linkSecret: string; storage: FileStorage }) {
  const repository = createCatalogRepository(db);
  const appFiles = { db, uploads: { repository: createUploadsRepository(db), storage, logger: app.log } };
  const signer = createDownloadLinkSigner(linkSecret);
  const failedAttempts = app.createRateLimit({
    max: DOWNLOAD_FAILURES_MAX,
    timeWindow: DOWNLOAD_FAILURES_WINDOW_MS,
    keyGenerator: (request) => `download-code-failures:${request.ip}`,
  });

  route(app, catalogContract.listPlans, {}, async () => listPublicPlans({ repository }));

  route(app, catalogContract.listApps, {}, async () => listPublicApps({ repository }));

  route(app, catalogContract.listAppCategories, {}, async () => listAppCategories({ repository }));

  route(app, catalogContract.listStreamingApps, {}, async (request) => listPublicStreamingApps({ repository }, request.query.category));

  route(app, catalogContract.generateDownloadCode, {}, async (request, reply) => {
    const code = await issueDownloadCode({ db }, await adminActor(request), request.params.appId);
    return reply.status(201).header('cache-control', 'no-store').send(code);
  });

  route(app, catalogContract.listDownloadCodes, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listDownloadCodes({ repository }, request.params.appId, request.query);
  });

  route(app, catalogContract.redeemDownloadCode, {}, async (request, reply) => {
    const before = await failedAttempts(request, { increment: false });
    if (!before.isAllowed && before.remaining <= 0) {
      reply.header('retry-after', String(Math.max(1, before.ttlInSeconds)));
      throw tooManyDownloadAttempts();
    }
    const result = await redeemDownloadCode({ repository, signer }, request.params.appId, request.body.code, request.body.platform);
    if (result.ok) {
      reply.header('cache-control', 'no-store');
      return { downloadUrl: result.downloadUrl, expiresAt: result.expiresAt };
    }
    if (result.reason === 'required') throw downloadCodeRequired();
    if (result.reason === 'no_file') throw noDownloadFile();
    await failedAttempts(request);
    throw invalidDownloadCode();
  });

  route(app, catalogContract.download, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply) => {
    const target = await resolveDownload({ repository, signer, logger: request.log }, request.params.token);
    reply.header('referrer-policy', 'no-referrer');
    if (target.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(target.url, 302);
    return sendStoredFile(request, reply, { storage, upload: target.upload, cache: 'private' });
  });

  route(app, catalogContract.listAppFiles, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listAppFiles({ repository }, request.params.appId);
  });

  route(app, catalogContract.setAppFile, {}, async (request) =>
    setAppFile(appFiles, await adminActor(request), request.params.appId, request.params.platform, request.body),
  );

  route(app, catalogContract.removeAppFile, {}, async (request, reply) => {
    await removeAppFile(appFiles, await adminActor(request), request.params.appId, request.params.platform);
    return reply.status(204).send();
  });
}

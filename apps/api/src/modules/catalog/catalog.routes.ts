import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appFileInputSchema,
  appFileListSchema,
  appFileSchema,
  appPlatformIdSchema,
  categoryListSchema,
  downloadCodeListSchema,
  downloadCodeSchema,
  downloadRedeemBodySchema,
  downloadRedeemResponseSchema,
  publicAppListSchema,
  publicPlanListSchema,
  publicStreamingAppListSchema,
  streamingAppListQuerySchema,
} from '@vitrine/domain/catalog';
import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { createUploadsRepository } from '../uploads/uploads.repository.ts';
import { sendStoredFile } from '../uploads/uploads.serve.ts';
import { deleteUpload } from '../uploads/uploads.usecases.ts';
import { createDownloadLinkSigner } from './catalog.download-links.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { downloadCodeRequired, invalidDownloadCode, noDownloadFile, tooManyDownloadAttempts } from './catalog.errors.ts';
import {
  generateDownloadCode,
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

const appParams = z.object({ appId: z.uuid('Aplicativo inválido') });
const appPlatformParams = appParams.extend({ platform: appPlatformIdSchema });
const errorResponse = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
});

// The link secret is the server's resolved secret (AUTH_SECRET or the one kept in DATA_DIR), so links
// survive a restart and work on every instance.
export async function catalogRoutes(
  app: FastifyInstance,
  { db, linkSecret, storage }: { db: Database; linkSecret: string; storage: FileStorage },
) {
  const repository = createCatalogRepository(db);
  const uploads = { repository: createUploadsRepository(db), storage, logger: app.log };
  // An installer replaced or removed goes after the write: the app's download never points at nothing.
  const dropReplaced = async (uploadId: string | null) => {
    if (uploadId) await deleteUpload(uploads, uploadId).catch((error: unknown) => app.log.error({ err: error, uploadId }, 'instalador substituído não removido'));
  };
  const signer = createDownloadLinkSigner(linkSecret);
  const failedAttempts = app.createRateLimit({
    max: DOWNLOAD_FAILURES_MAX,
    timeWindow: DOWNLOAD_FAILURES_WINDOW_MS,
    keyGenerator: (request) => `download-code-failures:${request.ip}`,
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/plans',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Planos ativos, com preços por período, ícones e recursos',
        response: { 200: publicPlanListSchema },
      },
    },
    async () => listPublicPlans({ repository }),
  );

  typed.get(
    '/api/apps',
    {
      schema: { tags: ['catálogo'], summary: 'Aplicativos ativos da loja de apps', response: { 200: publicAppListSchema } },
    },
    async () => listPublicApps({ repository }),
  );

  typed.get(
    '/api/apps/categories',
    {
      schema: { tags: ['catálogo'], summary: 'Categorias dos aplicativos ativos', response: { 200: categoryListSchema } },
    },
    async () => listAppCategories({ repository }),
  );

  typed.get(
    '/api/streaming-apps',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Apps de ativação ativos (preço de revendedor e de cliente final), por categoria opcional',
        querystring: streamingAppListQuerySchema,
        response: { 200: publicStreamingAppListSchema },
      },
    },
    async (request) => listPublicStreamingApps({ repository }, request.query.category),
  );

  typed.post(
    '/api/apps/:appId/download-codes',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Gera um código de download (6 caracteres, válido por 30 dias) — somente admin',
        params: appParams,
        response: { 201: downloadCodeSchema },
      },
    },
    async (request, reply) => {
      const code = await generateDownloadCode({ repository }, request.params.appId);
      return reply.status(201).header('cache-control', 'no-store').send(code);
    },
  );

  typed.get(
    '/api/apps/:appId/download-codes',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Códigos de download do aplicativo, mais recentes primeiro — somente admin',
        params: appParams,
        response: { 200: downloadCodeListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listDownloadCodes({ repository }, request.params.appId);
    },
  );

  typed.post(
    '/api/apps/:appId/downloads',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Valida um código de download (no corpo, nunca na URL) e devolve um link assinado de curta duração',
        params: appParams,
        body: downloadRedeemBodySchema,
        response: { 200: downloadRedeemResponseSchema, 400: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
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
    },
  );

  typed.get(
    '/api/downloads/:token',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['catálogo'],
        summary: 'Baixa o arquivo da plataforma por um link assinado (o instalador guardado, ou redireciona para o link externo)',
        params: z.object({ token: z.string().min(1).max(512) }),
      },
    },
    async (request, reply) => {
      const target = await resolveDownload({ repository, signer, logger: request.log }, request.params.token);
      reply.header('referrer-policy', 'no-referrer');
      if (target.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(target.url, 302);
      return sendStoredFile(request, reply, { storage, upload: target.upload, cache: 'private' });
    },
  );

  typed.get(
    '/api/apps/:appId/files',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Downloads do aplicativo por plataforma (instalador enviado ou link externo) — somente admin',
        params: appParams,
        response: { 200: appFileListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAppFiles({ repository }, request.params.appId);
    },
  );

  typed.put(
    '/api/apps/:appId/files/:platform',
    {
      schema: {
        tags: ['catálogo'],
        summary:
          'Define o download de uma plataforma: um instalador já enviado ao destino app-installers ({uploadId}) ou um link https ({url}) — somente admin',
        params: appPlatformParams,
        body: appFileInputSchema,
        response: { 200: appFileSchema },
      },
    },
    async (request) => {
      const { file, replacedUploadId } = await setAppFile({ repository }, request.params.appId, request.params.platform, request.body);
      await dropReplaced(replacedUploadId);
      return file;
    },
  );

  typed.delete(
    '/api/apps/:appId/files/:platform',
    {
      schema: {
        tags: ['catálogo'],
        summary: 'Remove o download de uma plataforma (e o instalador guardado) — somente admin',
        params: appPlatformParams,
      },
    },
    async (request, reply) => {
      const { replacedUploadId } = await removeAppFile({ repository }, request.params.appId, request.params.platform);
      await dropReplaced(replacedUploadId);
      return reply.status(204).send();
    },
  );
}

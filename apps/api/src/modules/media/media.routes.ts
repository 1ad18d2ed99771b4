import type { FastifyInstance } from 'fastify';
import { foldText } from '@vitrine/domain/catalog';
import { toListEnvelope } from '@vitrine/domain/lists';
import { mediaContract } from '@vitrine/domain/media.contract';
import type { Database } from '../../db/client.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { recordAudit } from '../../shared/audit/audit.ts';
import { route } from '../../shared/route.ts';
import { createLocalProvider, rowAsInput } from './media.local-provider.ts';
import { createMediaRepository } from './media.repository.ts';
import { createTmdbClient, type TmdbClientOptions } from './media.tmdb-client.ts';
import { createTmdbProvider } from './media.tmdb-provider.ts';
import {
  createLocalTitle,
  createProviderSelector,
  deleteLocalTitle,
  discoverTitles,
  homeHighlights,
  listGenres,
  listTitles,
  searchTitles,
  titleDetails,
  updateLocalTitle,
} from './media.usecases.ts';

/** Searches allowed per visitor and minute: each new text can cost a TMDB call. */
export const SEARCHES_PER_MINUTE = 60;

export interface MediaRoutesOptions {
  db: Database;
  tmdb: Pick<TmdbClientOptions, 'baseUrl' | 'resolveApiKey'> & Partial<Omit<TmdbClientOptions, 'logger'>>;
}

export async function mediaRoutes(app: FastifyInstance, { db, tmdb }: MediaRoutesOptions) {
  const repository = createMediaRepository(db);
  const logger = app.log.child({ module: 'media' });
  const tmdbClient = createTmdbClient({ ...tmdb, logger });
  const tmdbProvider = createTmdbProvider({ client: tmdbClient, logger });
  const local = createLocalProvider({ repository });
  const deps = { provider: createProviderSelector({ resolveApiKey: tmdb.resolveApiKey, tmdb: tmdbProvider, local }) };

  route(app, mediaContract.home, {}, async () => homeHighlights(deps));

  route(app, mediaContract.list, {}, async (request) => listTitles(deps, request.params.mediaType, request.params.list, request.query));

  route(app, mediaContract.discover, {}, async (request) => discoverTitles(deps, request.params.mediaType, request.query));

  route(app, mediaContract.search, { config: { rateLimit: { max: SEARCHES_PER_MINUTE, timeWindow: 60_000 } } }, async (request) =>
    searchTitles(deps, request.query),
  );

  route(app, mediaContract.genres, {}, async (request) => listGenres(deps, request.params.mediaType));

  route(app, mediaContract.details, {}, async (request) => titleDetails(deps, request.params.mediaType, request.params.id));

  // ------------------------------------------------------------ local catalogue (admin only)

  route(app, mediaContract.createLocalTitle, {}, async (request, reply) => {
    const actor = await adminActor(request);
    const created = await db.transaction(async (tx) => {
      const result = await createLocalTitle({ repository: createMediaRepository(tx) }, request.body);
      await recordAudit(tx, actor, { action: 'create', resource: 'local-titles', recordId: result.id, before: null, after: { ...request.body } });
      return result;
    });
    return reply.status(201).send(created);
  });

  route(app, mediaContract.updateLocalTitle, {}, async (request) => {
    const actor = await adminActor(request);
    return db.transaction(async (tx) => {
      const result = await updateLocalTitle({ repository: createMediaRepository(tx) }, request.params.id, request.body);
      await recordAudit(tx, actor, { action: 'update', resource: 'local-titles', recordId: result.id, before: null, after: { ...request.body } });
      return result;
    });
  });

  route(app, mediaContract.deleteLocalTitle, {}, async (request, reply) => {
    const actor = await adminActor(request);
    await db.transaction(async (tx) => {
      await deleteLocalTitle({ repository: createMediaRepository(tx) }, request.params.id);
      await recordAudit(tx, actor, { action: 'delete', resource: 'local-titles', recordId: request.params.id, before: { id: request.params.id }, after: null });
    });
    return reply.status(204).send();
  });

  // ------------------------------------------------------------ admin views

  route(app, mediaContract.adminLocalTitles, {}, async (request) => {
    const { page, pageSize, search } = request.query;
    const { rows, total } = await repository.listForAdmin({ search: search ? foldText(search) : undefined, page, pageSize });
    return toListEnvelope(
      rows.map((row) => {
        const input = rowAsInput(row);
        return {
          id: row.id,
          mediaType: input.mediaType,
          title: input.title,
          originalTitle: input.originalTitle ?? null,
          overview: input.overview ?? '',
          date: input.date ?? null,
          posterUrl: input.posterUrl ?? null,
          backdropUrl: input.backdropUrl ?? null,
          voteAverage: input.voteAverage ?? 0,
          lists: input.lists ?? [],
          isActive: input.isActive ?? true,
          updatedAt: row.updatedAt.toISOString(),
        };
      }),
      total,
      { page, pageSize },
    );
  });

  route(app, mediaContract.tmdbStatus, {}, async () => {
    const [key, localTitles] = await Promise.all([tmdb.resolveApiKey(), repository.count()]);
    const { entries, maxEntries } = tmdbClient.cacheStats();
    return {
      keyConfigured: Boolean(key?.trim()),
      cacheEntries: entries,
      cacheMaxEntries: maxEntries,
      upstreamRequests: tmdbClient.upstreamRequests,
      localTitles,
    };
  });
}

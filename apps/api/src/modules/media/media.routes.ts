import type { FastifyInstance } from 'fastify';
import { mediaContract } from '@vitrine/domain/media.contract';
import type { Database } from '../../db/client.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { route } from '../../shared/route.ts';
import { createLocalProvider } from './media.local-provider.ts';
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
  listLocalTitlesForAdmin,
  listTitles,
  searchTitles,
  titleDetails,
  tmdbStatus,
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
    const created = await createLocalTitle({ db }, await adminActor(request), request.body);
    return reply.status(201).send(created);
  });

  route(app, mediaContract.updateLocalTitle, {}, async (request) => updateLocalTitle({ db }, await adminActor(request), request.params.id, request.body));

  route(app, mediaContract.deleteLocalTitle, {}, async (request, reply) => {
    await deleteLocalTitle({ db }, await adminActor(request), request.params.id);
    return reply.status(204).send();
  });

  // ------------------------------------------------------------ admin views

  route(app, mediaContract.adminLocalTitles, {}, async (request) => listLocalTitlesForAdmin({ repository }, request.query));

  route(app, mediaContract.tmdbStatus, {}, async () => tmdbStatus({ repository, resolveApiKey: tmdb.resolveApiKey, tmdbClient }));
}

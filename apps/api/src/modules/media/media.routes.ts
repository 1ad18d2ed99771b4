import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  localTitleCreatedSchema,
  localTitlePatchSchema,
  localTitleSchema,
  mediaDetailsSchema,
  mediaDiscoverQuerySchema,
  mediaGenreListSchema,
  mediaHomeSchema,
  mediaListParamsSchema,
  mediaListQuerySchema,
  mediaPageSchema,
  mediaSearchQuerySchema,
  mediaTitleParamsSchema,
  mediaTypeParamsSchema,
} from '@vitrine/domain/media';
import type { Database } from '../../db/client.ts';
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
  listTitles,
  searchTitles,
  titleDetails,
  updateLocalTitle,
} from './media.usecases.ts';

/** Searches allowed per visitor and minute: each new text can cost a TMDB call. */
export const SEARCHES_PER_MINUTE = 60;

const errorResponse = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
});
const upstreamErrors = { 502: errorResponse, 503: errorResponse };
const localTitleParams = z.object({ id: z.uuid('Título inválido.') });

export interface MediaRoutesOptions {
  db: Database;
  tmdb: Pick<TmdbClientOptions, 'baseUrl' | 'resolveApiKey'> & Partial<Omit<TmdbClientOptions, 'logger'>>;
}

export async function mediaRoutes(app: FastifyInstance, { db, tmdb }: MediaRoutesOptions) {
  const repository = createMediaRepository(db);
  const logger = app.log.child({ module: 'media' });
  const tmdbProvider = createTmdbProvider({ client: createTmdbClient({ ...tmdb, logger }), logger });
  const local = createLocalProvider({ repository });
  const deps = { provider: createProviderSelector({ resolveApiKey: tmdb.resolveApiKey, tmdb: tmdbProvider, local }) };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mídia'];

  typed.get(
    '/api/media/home',
    {
      schema: {
        tags,
        summary: 'Destaques da home: até 6 títulos em alta (4 filmes + 4 séries) com nota 7 ou mais',
        response: { 200: mediaHomeSchema, ...upstreamErrors },
      },
    },
    async () => homeHighlights(deps),
  );

  typed.get(
    '/api/media/lists/:mediaType/:list',
    {
      schema: {
        tags,
        summary: 'Uma fileira de /midia (em alta, em cartaz, populares, melhor avaliados, lançamentos, no ar), com filtros opcionais',
        params: mediaListParamsSchema,
        querystring: mediaListQuerySchema,
        response: { 200: mediaPageSchema, ...upstreamErrors },
      },
    },
    async (request) => listTitles(deps, request.params.mediaType, request.params.list, request.query),
  );

  typed.get(
    '/api/media/discover/:mediaType',
    {
      schema: {
        tags,
        summary: 'Filmes ou séries por gênero e ano',
        params: mediaTypeParamsSchema,
        querystring: mediaDiscoverQuerySchema,
        response: { 200: mediaPageSchema, ...upstreamErrors },
      },
    },
    async (request) => discoverTitles(deps, request.params.mediaType, request.query),
  );

  typed.get(
    '/api/media/search',
    {
      config: { rateLimit: { max: SEARCHES_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Busca de filmes e séries (mais de 2 caracteres); pessoas ficam de fora',
        querystring: mediaSearchQuerySchema,
        response: { 200: mediaPageSchema, ...upstreamErrors },
      },
    },
    async (request) => searchTitles(deps, request.query),
  );

  typed.get(
    '/api/media/genres/:mediaType',
    {
      schema: {
        tags,
        summary: 'Gêneros de filmes ou de séries, para os filtros',
        params: mediaTypeParamsSchema,
        response: { 200: mediaGenreListSchema, ...upstreamErrors },
      },
    },
    async (request) => listGenres(deps, request.params.mediaType),
  );

  typed.get(
    '/api/media/titles/:mediaType/:id',
    {
      schema: {
        tags,
        summary: 'Detalhes de um filme ou série: duração ou temporadas, gêneros, imagens, trailer, IMDb',
        params: mediaTitleParamsSchema,
        response: { 200: mediaDetailsSchema, ...upstreamErrors },
      },
    },
    async (request) => titleDetails(deps, request.params.mediaType, request.params.id),
  );

  // ------------------------------------------------------------ local catalogue (admin only)

  typed.post(
    '/api/media/local-titles',
    {
      schema: {
        tags,
        summary: 'Cria um título no catálogo local — somente admin',
        body: localTitleSchema,
        response: { 201: localTitleCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createLocalTitle({ repository }, request.body)),
  );

  typed.patch(
    '/api/media/local-titles/:id',
    {
      schema: {
        tags,
        summary: 'Altera um título do catálogo local — somente admin',
        params: localTitleParams,
        body: localTitlePatchSchema,
        response: { 200: localTitleCreatedSchema },
      },
    },
    async (request) => updateLocalTitle({ repository }, request.params.id, request.body),
  );

  typed.delete(
    '/api/media/local-titles/:id',
    {
      schema: { tags, summary: 'Exclui um título do catálogo local — somente admin', params: localTitleParams },
    },
    async (request, reply) => {
      await deleteLocalTitle({ repository }, request.params.id);
      return reply.status(204).send();
    },
  );
}

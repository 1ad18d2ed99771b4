// The movie and series catalogue's endpoints: TMDB through our server (or the local catalogue), and
// the admin's writes to the local catalogue.
import { z } from 'zod';
import { defineEndpoint } from './contracts.ts';
import { listEnvelopeSchema, listQuerySchema } from './lists.ts';
import {
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
} from './media.ts';

const tag = 'mídia';
const localTitleParams = z.object({ id: z.uuid('Título inválido.') });

/** A local title as the admin edits it: the write fields, with its id and last change. */
export const adminLocalTitleSchema = z.object({
  id: z.string(),
  mediaType: z.enum(['movie', 'tv']),
  title: z.string(),
  originalTitle: z.string().nullable(),
  overview: z.string(),
  date: z.string().nullable(),
  posterUrl: z.string().nullable(),
  backdropUrl: z.string().nullable(),
  voteAverage: z.number(),
  lists: z.array(z.string()),
  isActive: z.boolean(),
  updatedAt: z.string(),
});

export const tmdbStatusSchema = z.object({
  keyConfigured: z.boolean(),
  cacheEntries: z.number(),
  cacheMaxEntries: z.number(),
  upstreamRequests: z.number(),
  localTitles: z.number(),
});

export const mediaContract = {
  home: defineEndpoint({
    method: 'GET',
    path: '/api/media/home',
    tag,
    access: 'public',
    summary: 'Destaques da home: até 6 títulos em alta (4 filmes + 4 séries) com nota 7 ou mais',
    responses: { 200: mediaHomeSchema },
    errors: [502, 503],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/media/lists/:mediaType/:list',
    tag,
    access: 'public',
    summary: 'Uma fileira de /midia (em alta, em cartaz, populares, melhor avaliados, lançamentos, no ar), com filtros opcionais',
    params: mediaListParamsSchema,
    query: mediaListQuerySchema,
    responses: { 200: mediaPageSchema },
    errors: [502, 503],
  }),
  discover: defineEndpoint({
    method: 'GET',
    path: '/api/media/discover/:mediaType',
    tag,
    access: 'public',
    summary: 'Filmes ou séries por gênero e ano',
    params: mediaTypeParamsSchema,
    query: mediaDiscoverQuerySchema,
    responses: { 200: mediaPageSchema },
    errors: [502, 503],
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/media/search',
    tag,
    access: 'public',
    summary: 'Busca de filmes e séries (mais de 2 caracteres); pessoas ficam de fora',
    query: mediaSearchQuerySchema,
    responses: { 200: mediaPageSchema },
    errors: [502, 503],
  }),
  genres: defineEndpoint({
    method: 'GET',
    path: '/api/media/genres/:mediaType',
    tag,
    access: 'public',
    summary: 'Gêneros de filmes ou de séries, para os filtros',
    params: mediaTypeParamsSchema,
    responses: { 200: mediaGenreListSchema },
    errors: [502, 503],
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/api/media/titles/:mediaType/:id',
    tag,
    access: 'public',
    summary: 'Detalhes de um filme ou série: duração ou temporadas, gêneros, imagens, trailer, IMDb',
    params: mediaTitleParamsSchema,
    responses: { 200: mediaDetailsSchema },
    errors: [502, 503],
  }),
  createLocalTitle: defineEndpoint({
    method: 'POST',
    path: '/api/media/local-titles',
    tag,
    access: 'pro',
    summary: 'Cria um título no catálogo local — somente admin',
    body: localTitleSchema,
    responses: { 201: adminLocalTitleSchema },
    errors: [400],
  }),
  updateLocalTitle: defineEndpoint({
    method: 'PATCH',
    path: '/api/media/local-titles/:id',
    tag,
    access: 'pro',
    summary: 'Altera um título do catálogo local — somente admin',
    description:
      'O corpo diz de qual versão a edição partiu (expectedUpdatedAt: o updatedAt lido do título). Se outra escrita veio antes, ' +
      'nada é gravado: 409 com o título atual em error.details.current; sem a versão, 428.',
    params: localTitleParams,
    body: localTitlePatchSchema,
    responses: { 200: adminLocalTitleSchema },
    errors: [400, 404, 409, 428],
  }),
  deleteLocalTitle: defineEndpoint({
    method: 'DELETE',
    path: '/api/media/local-titles/:id',
    tag,
    access: 'pro',
    summary: 'Exclui um título do catálogo local — somente admin',
    params: localTitleParams,
    responses: { 204: null },
    errors: [404],
  }),

  adminLocalTitles: defineEndpoint({
    method: 'GET',
    path: '/api/admin/local-titles',
    tag,
    access: 'pro',
    summary: 'Títulos do catálogo local, ativos ou não, com busca pelo título — somente admin',
    query: listQuerySchema.pick({ page: true, pageSize: true, search: true }),
    responses: { 200: listEnvelopeSchema(adminLocalTitleSchema) },
    errors: [400],
  }),
  tmdbStatus: defineEndpoint({
    method: 'GET',
    path: '/api/admin/tmdb/status',
    tag,
    access: 'pro',
    summary: 'Chave da TMDB configurada ou não, cache das respostas e chamadas feitas à TMDB — somente admin',
    responses: { 200: tmdbStatusSchema },
  }),
};

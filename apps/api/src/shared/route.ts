// Registers a Fastify route from its shared contract: the contract's schemas validate the request,
// serialise the answer and document both in OpenAPI, and the handler's types come from them.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@vitrine/domain/contracts';
import { isPublicRoute } from '../plugins/public-routes.ts';

export type ContractRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/** A handler returns the success body, or the reply it has already sent (a file, a redirect, a 204). */
export type ContractHandler<E extends EndpointDefinition> = (request: ContractRequest<E>, reply: FastifyReply) => Promise<EndpointResponse<E> | FastifyReply>;

/**
 * What a route adds to its contract: rate limits and other config, body limits, compression, hooks,
 * and a description that depends on the server's configuration.
 */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema'> & { description?: string };

export function route<E extends EndpointDefinition>(app: FastifyInstance, endpoint: E, options: RouteOptions, handler: ContractHandler<E>): void {
  // The public list is built from the contracts (plugins/public-routes.ts); what can still disagree is a
  // 'pro' contract under a public prefix (/api/auth/): a mistake that stops the server from starting.
  const isPublic = isPublicRoute(endpoint.method, endpoint.path);
  if (isPublic !== (endpoint.access === 'public')) {
    throw new Error(
      `Contrato ${endpoint.method} ${endpoint.path} declara acesso '${endpoint.access}', mas o servidor o trata como '${isPublic ? 'public' : 'pro'}'.`,
    );
  }
  const response: Record<number, unknown> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) if (schema) response[Number(status)] = schema;
  for (const status of endpoint.errors ?? []) response[status] = errorResponseSchema;
  const { description = endpoint.description, ...routeOptions } = options;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOptions,
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(description ? { description } : {}),
      ...(endpoint.contentType ? { consumes: [endpoint.contentType] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(Object.keys(response).length > 0 ? { response } : {}),
    },
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

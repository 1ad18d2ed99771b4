// The HTTP server the app listens on: the server Fastify would make for itself (the same timeouts), with
// one addition, a front door that may answer a request from memory before Fastify makes its request and
// reply objects, routes it and runs its hooks. The public read cache answers its current hits there.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** Answers the request itself and returns true, or returns false and leaves it untouched for Fastify. */
export type FrontDoor = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Fastify's defaults, for options the app leaves unset. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** A server factory for Fastify; `frontDoor()` is read per request, so it can be set once the app's plugins exist. */
export function serverWithFrontDoor(frontDoor: () => FrontDoor | undefined): FastifyServerFactory {
  return (handler, options) => {
    const server = http.createServer((options.http ?? {}) as http.ServerOptions, (request, response) => {
      if (frontDoor()?.(request, response)) return;
      handler(request, response);
    });
    server.keepAliveTimeout = typeof options.keepAliveTimeout === 'number' ? options.keepAliveTimeout : KEEP_ALIVE_TIMEOUT_MS;
    server.requestTimeout = typeof options.requestTimeout === 'number' ? options.requestTimeout : 0;
    server.setTimeout(typeof options.connectionTimeout === 'number' ? options.connectionTimeout : 0);
    if (typeof options.maxRequestsPerSocket === 'number' && options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

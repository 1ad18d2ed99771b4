// Security headers and compression for every response, and input no route can store.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import helmet from 'helmet';
import compress from '@fastify/compress';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@vitrine/domain/text';
import { badRequest } from '../shared/errors.ts';

export function helmetOptions(https: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * The same headers as a plain list (lower-case names), for answers written outside Fastify's hooks:
 * malformed URLs and malformed HTTP get them too.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // helmet runs the same middleware @fastify/helmet runs; the cast only bridges two copies of its option types.
  const middleware = helmet(helmetOptions(https) as Parameters<typeof helmet>[0]);
  middleware({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  return headers;
}

const requestParts = ['body', 'query', 'params'] as const;
// A bad key is named in the answer without echoing the character itself; '*' is the path of a page or file.
const fieldName = (path: (string | number)[]) =>
  path
    .map((key) => (key === '*' ? 'endereço' : String(key).replaceAll('\u0000', '\uFFFD').replace(/[\uD800-\uDFFF]/g, '\uFFFD')))
    .join('.');

export const securityPlugin = fp<{ https: boolean }>(async (app, { https }) => {
  await app.register(fastifyHelmet, helmetOptions(https));
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  // One check for every route, so none can forget it: a NUL character (or a broken surrogate) in any
  // body field, query parameter or path parameter is refused before validation, never stored.
  app.addHook('preValidation', async (request) => {
    for (const part of requestParts) {
      const path = findUnstorableText(request[part]);
      if (!path) continue;
      const field = fieldName(path) || part;
      throw badRequest('validation_error', `Dados inválidos — ${field}: ${UNSTORABLE_TEXT_MESSAGE}`, {
        fields: [{ field, message: UNSTORABLE_TEXT_MESSAGE }],
      });
    }
  });
});

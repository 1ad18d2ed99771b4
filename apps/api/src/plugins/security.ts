// Security headers and compression for every response, and input no route can store.
import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@vitrine/domain/text';
import { badRequest } from '../shared/errors.ts';

const strictTransportSecurity = (https: boolean) => (https ? { maxAge: 31_536_000, includeSubDomains: true } : false);

/** The headers of an HTML page: what it may load, who may frame it, how it opens links. */
function documentHelmetOptions(https: boolean): HelmetOptions {
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
    strictTransportSecurity: strictTransportSecurity(https),
  };
}

/**
 * The headers of everything else (JSON, scripts, images, files): nothing in it may run, load or be
 * framed, it is never sniffed into another type, and other sites cannot read it. The headers that only
 * a document obeys (opener and agent-cluster isolation, referrer, DNS prefetch, the old XSS filter and
 * download and cross-domain switches) are left out: on a 1 KB JSON answer they were most of its bytes.
 */
function resourceHelmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: strictTransportSecurity(https),
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** The headers helmet writes for these options, as a plain list (lower-case names), worked out once. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  return headers;
}

export interface SecurityHeaders {
  /** For an answer whose type is HTML. */
  document: Readonly<Record<string, string>>;
  /** For every other answer, and for one with no body. */
  resource: Readonly<Record<string, string>>;
}

export function securityHeaders(https: boolean): SecurityHeaders {
  return { document: headersOf(documentHelmetOptions(https)), resource: headersOf(resourceHelmetOptions(https)) };
}

/** An answer of this content type is a document (it gets the page's headers). */
const isDocumentType = (type: unknown) => typeof type === 'string' && /^\s*text\/html\b/i.test(type);

declare module 'fastify' {
  interface FastifyInstance {
    /** For answers a route writes itself (event streams), which no hook sees. */
    securityHeaders: SecurityHeaders;
  }
}

const requestParts = ['body', 'query', 'params'] as const;
// A bad key is named in the answer without echoing the character itself; '*' is the path of a page or file.
const fieldName = (path: (string | number)[]) =>
  path
    .map((key) =>
      key === '*'
        ? 'endereço'
        : String(key)
            .replaceAll('\u0000', '\uFFFD')
            .replace(/[\uD800-\uDFFF]/g, '\uFFFD'),
    )
    .join('.');

export const securityPlugin = fp<{ https: boolean }>(async (app, { https }) => {
  // Chosen once the answer's type is known; a header a route set itself (a stricter policy on a served
  // file, say) is kept.
  const headers = securityHeaders(https);
  app.decorate('securityHeaders', headers);
  app.addHook('onSend', (_request, reply, payload, done) => {
    const set = isDocumentType(reply.getHeader('content-type')) ? headers.document : headers.resource;
    for (const name in set) if (!reply.hasHeader(name)) reply.header(name, set[name]);
    done(null, payload);
  });
  // The same encodings on every Node: from 22.15 zlib has zstd, and the plugin would then take (and answer in)
  // it there only — a zstd body is a 415 everywhere.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'], requestEncodings: ['br', 'gzip', 'deflate'] });

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

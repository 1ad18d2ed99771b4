// Bounds on what a request may carry, checked before anything walks it: a JSON body's nesting depth
// and number of entries are counted in one linear pass over the raw text before JSON.parse, and a
// query string's parameters are counted before it is split. A body of `[[[[…]]]]` 30,000 deep (60 KB)
// never becomes an object, so no validator, guard or handler meets it. A JSON body is UTF-8 (RFC 8259): one
// declaring another charset is a 415 and bytes that are not UTF-8 a 400, instead of text stored with
// replacement characters.
import { parse as parseQuerystring } from 'fast-querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest } from '../shared/errors.ts';

/** Bytes of a request body, unless a route says otherwise (the content manager takes 256 KB). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** For routes whose body carries a document (legal texts, site configuration values of up to 64 KB of JSON). */
export const LARGE_BODY_LIMIT = 256 * 1024;
/** Arrays and objects inside one another; the deepest body the app itself sends is under 10. */
export const MAX_JSON_DEPTH = 32;
/** Values in one body (each array element, object member and container counts). */
export const MAX_JSON_ENTRIES = 10_000;
/** Parameters in one query string; the widest list filter takes about a dozen. */
export const MAX_QUERY_PARAMETERS = 256;

const formatCount = (count: number) => count.toLocaleString('pt-BR');

export const jsonTooDeep = () => badRequest('json_too_deep', `O corpo da requisição tem níveis de aninhamento demais (máximo ${MAX_JSON_DEPTH}).`);
export const jsonTooManyEntries = () =>
  badRequest('json_too_many_entries', `O corpo da requisição tem itens demais (máximo ${formatCount(MAX_JSON_ENTRIES)}).`);
export const queryTooLong = () => badRequest('query_too_many_parameters', `O endereço tem parâmetros demais (máximo ${MAX_QUERY_PARAMETERS}).`);
export const unsupportedCharset = () => new AppError('unsupported_charset', 415, 'Envie o corpo da requisição em UTF-8 (application/json; charset=utf-8).');
export const invalidUtf8 = () => badRequest('invalid_utf8', 'O corpo da requisição não está em UTF-8 válido.');

/** The charset a Content-Type declares, in lower case and unquoted; null when it declares none. */
export function declaredCharset(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? '').toLowerCase() : null;
}

const UTF8_NAMES = new Set(['utf-8', 'utf8']);
/** Throws on bytes that are not UTF-8, instead of replacing them with U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The first bound a JSON text breaks, or null: one pass over the characters, outside strings counting
 * opening and closing brackets (depth) and commas (entries). It does not check the syntax; JSON.parse
 * does that afterwards, on a text known to be shallow and short enough.
 */
export function jsonBoundsProblem(text: string, maxDepth = MAX_JSON_DEPTH, maxEntries = MAX_JSON_ENTRIES): AppError | null {
  let depth = 0;
  let entries = 1;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > maxDepth) return jsonTooDeep();
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    } else if (code === COMMA) {
      if (++entries > maxEntries) return jsonTooManyEntries();
    }
  }
  return null;
}

const kQueryTooLong = Symbol('query too long');

/**
 * Fastify's query-string parser (fast-querystring: flat, no `a[b][c]` nesting) behind a count of the
 * parameters. It runs inside the router, where a throw would be a 500, so a query over the bound is
 * marked and refused by the hook below with a Portuguese 400.
 */
export function boundedQuerystringParser(query: string): Record<string, unknown> {
  if (query.length === 0) return {};
  let parameters = 1;
  for (let index = query.indexOf('&'); index !== -1; index = query.indexOf('&', index + 1)) {
    if (++parameters > MAX_QUERY_PARAMETERS) return { [kQueryTooLong]: true } as Record<string, unknown>;
  }
  return parseQuerystring(query) as Record<string, unknown>;
}

export const bodyGuardPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = declaredCharset(request.headers['content-type']);
    if (charset !== null && !UTF8_NAMES.has(charset)) {
      done(unsupportedCharset(), undefined);
      return;
    }
    let text: string;
    try {
      // parseAs 'buffer' hands over a Buffer.
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(invalidUtf8(), undefined);
      return;
    }
    const problem = jsonBoundsProblem(text);
    if (problem) {
      done(problem, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if ((request.query as Record<symbol, unknown> | undefined)?.[kQueryTooLong]) throw queryTooLong();
  });
});

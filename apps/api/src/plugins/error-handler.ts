// Every answer, errors included, is `{ error: { code, message } }` in Portuguese with the security
// headers: errors thrown by routes, errors Fastify raises before routing (bad URL, long parameter)
// and malformed HTTP that never becomes a request.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { OutageMonitor } from '../db/outage.ts';
import { AppError, isDatabaseDataError, isDatabaseUnreachable, loggableError, statusMessages } from '../shared/errors.ts';
import { answerOnSocket, clientErrorAction } from '../shared/front-door.ts';
import { securityHeaders } from './security.ts';

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };

/** Seconds a client should wait before retrying while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const fieldLabel = (path: string) => path.replace(/^[./]?(body|querystring|params|headers)?[./]?/, '').replaceAll('/', '.') || 'corpo';

const errorBody = (code: string, status: number): ErrorBody => ({
  error: { code, message: statusMessages[status] ?? statusMessages[400]! },
});

/** `outage`: where database-unreachable errors are counted (it logs the outage's start and end). */
export const errorHandlerPlugin = fp<{ outage?: OutageMonitor }>(async (app: FastifyInstance, { outage }) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status = 500;
    let body: ErrorBody;
    let expected = false;

    if (error instanceof AppError) {
      status = error.statusCode;
      body = { error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const fields = error.validation.map((issue) => ({
        field: fieldLabel(issue.instancePath || ''),
        message: issue.message,
      }));
      const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
      body = { error: { code: 'validation_error', message: `Dados inválidos — ${summary}`, details: { fields } } };
    } else if (isResponseSerializationError(error)) {
      status = 500;
      body = errorBody('internal_error', 500);
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      status = 400;
      body = { error: { code: 'invalid_json', message: 'O corpo da requisição não é um JSON válido.' } };
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      status = 415;
      body = errorBody('unsupported_media_type', 415);
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      body = errorBody('payload_too_large', 413);
      // Errors Fastify marks as the client's (an upload the client aborted: ECONNRESET) are not the database's.
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = errorBody(status === 429 ? 'rate_limited' : `http_${status}`, status);
    } else if (isDatabaseUnreachable(error)) {
      // Not a bug and not worth a stack per request: the outage monitor logs its start and its end.
      status = 503;
      expected = true;
      body = errorBody('unavailable', 503);
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      outage?.reportUnreachable(error);
    } else if (isDatabaseDataError(error)) {
      // A value the database cannot take is bad input: a safety net behind the contracts.
      status = 400;
      body = { error: { code: 'invalid_input', message: 'Dados inválidos: um dos valores enviados não pode ser aceito.' } };
    } else {
      status = typeof error.statusCode === 'number' && error.statusCode >= 500 ? error.statusCode : 500;
      body = status === 503 ? errorBody('unavailable', 503) : errorBody('internal_error', 500);
    }

    if (status >= 500 && !expected) {
      request.log.error({ err: loggableError(error) }, 'erro ao processar a requisição');
    } else if (status === 503 && expected) {
      // Counted by the outage monitor: one line per request would flood the log for as long as it lasts.
      request.log.debug({ code: body.error.code, status }, 'requisição recusada');
    } else {
      request.log.info({ code: body.error.code, status }, 'requisição recusada');
    }

    if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    return reply.status(status).send(body);
  });
});

// ---------------------------------------------------------------- before routing

/** Characters of one path parameter at most (the router's `maxParamLength`); beyond it the address is a 414. */
export const MAX_PATH_PARAMETER_LENGTH = 100;

export const uriTooLong = () => new AppError('uri_too_long', 414, statusMessages[414]!);

/**
 * Whether a path has a segment longer than a path parameter may be, measured decoded as the router measures
 * it. For an API address that reached the web app's client routes (`/*` matches any GET the API routes do
 * not): the router found no route because that parameter was too long, and says 414 only when nothing else matches.
 */
export function hasOverlongSegment(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  return pathname.split('/').some((segment) => segment.length > MAX_PATH_PARAMETER_LENGTH && decodedLength(segment) > MAX_PATH_PARAMETER_LENGTH);
}

function decodedLength(segment: string): number {
  try {
    return decodeURIComponent(segment).length;
  } catch {
    return segment.length;
  }
}

const frameworkErrorStatus: Record<string, { status: number; code: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url' },
  // A path parameter longer than the router's limit (MAX_PATH_PARAMETER_LENGTH): the address itself is too long.
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long' },
};

const jsonType = 'application/json; charset=utf-8';

/**
 * Fastify options for answers written before a route runs, where no hook (and so no helmet) applies:
 * bad URLs and overlong parameters (`frameworkErrors`) and malformed HTTP (`clientErrorHandler`).
 */
export function frameworkErrorOptions({ https }: { https: boolean }): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  // These answers are JSON (or no body at all).
  const headers = securityHeaders(https).resource;

  const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = frameworkErrorStatus[error.code] ?? { status: 500, code: 'internal_error' };
    if (known.status >= 500) request.log.error({ err: error }, 'erro ao processar a requisição');
    else request.log.info({ code: known.code, status: known.status }, 'requisição recusada');
    void reply
      .status(known.status)
      .headers(headers)
      .header('content-type', jsonType)
      .send(JSON.stringify(errorBody(known.code, known.status)));
  };

  function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
    // A reset socket has nobody to answer; a response already under way must not be corrupted.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    const action = clientErrorAction(socket, error);
    if (action === 'ignore') return;
    if (action === 'close' || error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const code = status === 408 ? 'request_timeout' : status === 431 ? 'headers_too_large' : 'bad_request';
    this.log.debug({ code: error.code, status }, 'requisição HTTP malformada recusada');
    answerOnSocket(socket, status, code, headers);
  }

  return { frameworkErrors, clientErrorHandler } as Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;
}

import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, statusMessages } from '../shared/errors.ts';

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };

const fieldLabel = (path: string) =>
  path.replace(/^[./]?(body|querystring|params|headers)?[./]?/, '').replaceAll('/', '.') || 'corpo';

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status = 500;
    let body: ErrorBody;

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
      body = { error: { code: 'internal_error', message: 'Erro interno do servidor. Tente novamente.' } };
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      status = 400;
      body = { error: { code: 'invalid_json', message: 'O corpo da requisição não é um JSON válido.' } };
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      status = 415;
      body = { error: { code: 'unsupported_media_type', message: statusMessages[415]! } };
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      body = { error: { code: 'payload_too_large', message: statusMessages[413]! } };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const code = status === 429 ? 'rate_limited' : `http_${status}`;
      body = { error: { code, message: statusMessages[status] ?? statusMessages[400]! } };
    } else {
      status = typeof error.statusCode === 'number' && error.statusCode >= 500 ? error.statusCode : 500;
      body = {
        error: {
          code: status === 503 ? 'unavailable' : 'internal_error',
          message: status === 503 ? statusMessages[503]! : 'Erro interno do servidor. Tente novamente.',
        },
      };
    }

    if (status >= 500) request.log.error({ err: error }, 'erro ao processar a requisição');
    else request.log.info({ code: body.error.code, status }, 'requisição recusada');

    if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    return reply.status(status).send(body);
  });
});

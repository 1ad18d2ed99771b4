// Errors carry a stable code, an HTTP status and a pt-BR message; one handler turns them into responses.
import { isQueryError } from '../db/query-error.ts';

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message: string) => new AppError(code, 404, message);
export const badRequest = (code: string, message: string, details?: Record<string, unknown>) => new AppError(code, 400, message, details);
export const conflict = (code: string, message: string) => new AppError(code, 409, message);
export const unauthorized = (message = 'Faça login para continuar.') => new AppError('auth.unauthenticated', 401, message);
export const forbidden = (message = 'Acesso restrito a usuários PRO ativos.') => new AppError('auth.forbidden', 403, message);
export const tooManyRequests = (message = 'Muitas tentativas. Aguarde um pouco e tente novamente.') => new AppError('rate_limited', 429, message);

/** Messages for errors raised by Fastify itself or its plugins, by status. */
export const statusMessages: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'Faça login para continuar.',
  403: 'Acesso negado.',
  404: 'Recurso não encontrado.',
  405: 'Método não permitido.',
  406: 'Formato não aceito.',
  408: 'A requisição demorou demais.',
  409: 'Conflito com o estado atual.',
  413: 'Conteúdo grande demais.',
  414: 'Endereço longo demais.',
  415: 'Tipo de conteúdo não suportado.',
  422: 'Dados inválidos.',
  428: 'Informe a versão do registro editado.',
  429: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  431: 'Cabeçalhos da requisição grandes demais.',
  500: 'Erro interno do servidor. Tente novamente.',
  503: 'Serviço indisponível no momento. Tente novamente em alguns segundos.',
};

// ---------------------------------------------------------------- database errors

/** The error and its causes (drivers wrap the socket error; Node wraps parallel attempts in an AggregateError). */
export function* errorChain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 8 || typeof error !== 'object' || error === null) return;
  const record = error as Record<string, unknown>;
  yield record;
  if (Array.isArray(record.errors)) for (const inner of record.errors) yield* errorChain(inner, depth + 1);
  if (record.cause !== undefined) yield* errorChain(record.cause, depth + 1);
}

const DATABASE_CONNECTION_ERROR = Symbol('database connection error');

/** Marks an error met while connecting to the database (the pool does it). */
export function markDatabaseConnectionError<T>(error: T): T {
  if (typeof error === 'object' && error !== null) Object.defineProperty(error, DATABASE_CONNECTION_ERROR, { value: true });
  return error;
}

/** A SQLSTATE sent by the server (the driver's own and the system's errors have no severity). */
const sqlState = (record: Record<string, unknown>) => (typeof record.code === 'string' && typeof record.severity === 'string' ? record.code : undefined);

const UNREACHABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNREACHABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /is not queryable/i,
  /cannot use a pool after calling end/i,
];

/**
 * The database cannot be reached right now: refused or dropped connections, connection timeouts,
 * a server shutting down or starting (57P01-57P03), connection exceptions (08xxx), no free
 * connection slot (53300). These are answered 503, not treated as bugs. Socket errors count only when
 * they come from the database (a failed query, or a connection the pool could not open).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const chain = [...errorChain(error)];
  const fromDatabase = chain.some((record) => isQueryError(record) || DATABASE_CONNECTION_ERROR in record);
  for (const record of chain) {
    const state = sqlState(record);
    if (state) {
      if (state.startsWith('08') || state.startsWith('57P') || state === '53300') return true;
      continue;
    }
    if (!fromDatabase) continue;
    if (typeof record.code === 'string' && UNREACHABLE_SYSTEM_CODES.has(record.code)) return true;
    if (typeof record.message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(record.message as string))) {
      return true;
    }
  }
  return false;
}

/** The database refused the data itself (SQLSTATE class 22: a NUL byte, text for a number...): bad input, not a bug. */
export function isDatabaseDataError(error: unknown): boolean {
  for (const record of errorChain(error)) if (sqlState(record)?.startsWith('22')) return true;
  return false;
}

/** A short reason for the log: the innermost code or message, never query parameters. */
export function databaseErrorReason(error: unknown): string {
  let reason = 'desconhecido';
  for (const record of errorChain(error)) {
    if (typeof record.code === 'string') reason = record.code;
    else if (typeof record.message === 'string' && !record.message.startsWith('Failed query')) reason = record.message;
  }
  return reason;
}

/** The innermost message of a database error, without drizzle's "Failed query: …" wrapper and its values. */
export function databaseErrorMessage(error: unknown): string {
  let message = '';
  for (const record of errorChain(error)) {
    if (typeof record.message === 'string' && record.message !== '' && !record.message.startsWith('Failed query')) message = record.message;
  }
  return message || databaseErrorReason(error);
}

// Query parameters, row details and the failing statement's context carry what visitors typed.
const UNSAFE_ERROR_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'queryOptions', 'client']);

/**
 * An error as it may be logged: same class, stack and SQL, without the values sent to the database
 * (drizzle puts them in its message, the drivers in their own fields).
 */
export function loggableError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error;
  const params = (error as { params?: unknown }).params;
  const message = params === undefined ? error.message : error.message.replace(/\nparams: [\s\S]*$/, '');
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  const hidden = (value: unknown) => ({ value, enumerable: false, writable: true, configurable: true });
  Object.defineProperties(copy, {
    message: hidden(message),
    stack: hidden(error.stack?.replace(error.message, message)),
    ...(error.cause !== undefined ? { cause: hidden(loggableError(error.cause, depth + 1)) } : {}),
  });
  for (const [key, value] of Object.entries(error)) {
    if (!UNSAFE_ERROR_FIELDS.has(key) && key !== 'cause') (copy as unknown as Record<string, unknown>)[key] = value;
  }
  return copy;
}

// One redaction layer for everything the server logs, whichever library wrote it: our code, Fastify,
// better-auth (through its logger adapter, with SQL parameters in its arguments), drizzle and pg errors
// (values in `params`/`parameters`, drizzle's message ends with them), undici. pino's `redact` paths
// only reach fixed depths; this walks the whole object and also masks secrets inside strings.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pino, { type LoggerOptions } from 'pino';

export const REDACTED = '[oculto]';

// Keys whose value is a secret or carries one, at any depth (compared without case, '-' or '_').
const SECRET_KEYS = new Set(
  [
    'password',
    'newPassword',
    'currentPassword',
    'oldPassword',
    'senha',
    'passwordHash',
    'token',
    'sessionToken',
    'accessToken',
    'refreshToken',
    'idToken',
    'resetToken',
    'otp',
    'totp',
    'totpURI',
    'backupCodes',
    'recoveryCodes',
    'secret',
    'clientSecret',
    'webhookSecret',
    'signingSecret',
    'apiKey',
    'xApiKey',
    'authorization',
    'proxyAuthorization',
    'cookie',
    'setCookie',
    // Values sent with a query (pg: parameters, drizzle: params) and a mail's body (it holds links).
    'params',
    'parameters',
    'values',
    'text',
    'html',
  ].map((key) => key.toLowerCase()),
);
const isSecretKey = (key: string) => {
  const folded = key.toLowerCase().replace(/[-_]/g, '');
  return SECRET_KEYS.has(folded) || /(?:token|secret|password|apikey)$/.test(folded);
};

// A pg error's row details and the failing statement's context repeat the values it was given.
const UNSAFE_ERROR_FIELDS = new Set(['detail', 'where', 'internalQuery', 'queryOptions', 'client', 'request', 'response']);

const TOKEN_NAME = String.raw`[\w.-]*(?:token|secret|password|senha|api[_-]?key|apikey|key|code|signature|sig|otp)`;
const PATTERNS: Array<[RegExp, string]> = [
  // Authorization header values.
  [/\b(Bearer)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\b(Basic)\s+(?=[A-Za-z0-9+/]*[0-9+/=])[A-Za-z0-9+/]{8,}=*/g, `$1 ${REDACTED}`],
  // name=value in a query string, a fragment (our mailed links: #token=…), a cookie or a form body.
  [new RegExp(String.raw`(\b${TOKEN_NAME}=)[^&;#\s"'<>,]+`, 'gi'), `$1${REDACTED}`],
  // A token as a path segment: better-auth's /reset-password/<token>, /verify-email/<token>...
  [/(\/(?:reset-password|verify-email|magic-link|redefinir-senha|confirmar|convite|invite)\/)[^/?#\s"'<>]+/gi, `$1${REDACTED}`],
  // A Minha assinatura link (/minha-assinatura?t=…) opens a customer's page: its token is a secret.
  [/(\/minha-assinatura\?(?:[^#\s"'<>]*&)?t=)[^&#\s"'<>]+/gi, `$1${REDACTED}`],
  // What an admin searched Clientes for is a customer's name, e-mail or WhatsApp: personal data, kept out of logs.
  [/(\/api\/admin\/customers[^?#\s"'<>]*\?(?:[^#\s"'<>]*&)?search=)[^&#\s"'<>]+/gi, `$1${REDACTED}`],
  // The PSP's webhook address carries PIX_WEBHOOK_SECRET as a path segment.
  [/(\/api\/payments\/pix\/webhook\/)[^/?#\s"'<>]+/gi, `$1${REDACTED}`],
  // API keys by their usual prefixes (OpenAI-style sk-…, GitHub, Slack).
  [/\b(?:sk|pk|rk)-[\w-]{8,}|\bgh[pousr]_[A-Za-z0-9]{20,}|\bxox[abpr]-[\w-]{10,}/g, REDACTED],
  // Random tokens: better-auth's session tokens (32 letters and digits), reset tokens, signed cookies.
  // A UUID (row and request ids) is not a secret and stays readable.
  [
    /(?<![\w-])(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-]))(?:[A-Za-z0-9]{32}|(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{24,})(?![\w-])/g,
    REDACTED,
  ],
];

/** The string with every secret-looking part masked. */
export function redactText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of PATTERNS) result = result.replace(pattern, replacement);
  return result;
}

/** drizzle's DrizzleQueryError message is `Failed query: <sql>\nparams: <values>`. */
const withoutParams = (message: string) => message.replace(/\nparams: [\s\S]*$/, '');

function plainError(error: Error, seen: WeakSet<object>, depth: number): Record<string, unknown> {
  const plain: Record<string, unknown> = { type: error.constructor?.name ?? 'Error', message: redactText(withoutParams(error.message)) };
  if (error.stack) plain.stack = redactText(error.stack.replace(error.message, withoutParams(error.message)));
  for (const [key, value] of Object.entries(error)) {
    if (UNSAFE_ERROR_FIELDS.has(key) || key === 'message' || key === 'stack' || key === 'cause' || key === 'errors') continue;
    plain[key] = isSecretKey(key) ? REDACTED : sanitize(value, seen, depth + 1);
  }
  if (error.cause !== undefined) plain.cause = sanitize(error.cause, seen, depth + 1);
  if (error instanceof AggregateError) plain.errors = sanitize(error.errors, seen, depth + 1);
  return plain;
}

function sanitize(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  // `seen` holds the objects being walked (their ancestors): a cycle ends here.
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  try {
    return sanitizeObject(value, seen, depth);
  } finally {
    seen.delete(value);
  }
}

function sanitizeObject(value: object, seen: WeakSet<object>, depth: number): unknown {
  if (value instanceof Error) return plainError(value, seen, depth);
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => sanitize(item, seen, depth + 1));
  if (value instanceof Date || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return value;
  if (value instanceof Headers || value instanceof URLSearchParams || value instanceof Map) {
    return sanitize(Object.fromEntries(value.entries()), seen, depth);
  }
  if (value instanceof URL) return redactText(value.href);
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) result[key] = isSecretKey(key) ? REDACTED : sanitize(inner, seen, depth + 1);
  return result;
}

/** Any value as it may be logged: secrets masked at any depth, errors as plain objects without query values. */
export function sanitizeForLog(value: unknown): unknown {
  return sanitize(value, new WeakSet(), 0);
}

// Fastify's own serializers turn these into a few safe fields; walking a request would be slow and pointless.
const SERIALIZED_KEYS = new Set(['req', 'res']);

/** A log call's merging object, sanitised (an Error alone becomes `{ err }`, as pino would log it). */
function sanitizeMergingObject(object: object): object {
  if (object instanceof Error) return { err: sanitizeForLog(object) };
  const result: Record<string, unknown> = {};
  const seen = new WeakSet<object>();
  for (const [key, value] of Object.entries(object)) {
    result[key] = SERIALIZED_KEYS.has(key) ? value : isSecretKey(key) ? REDACTED : sanitize(value, seen, 1);
  }
  return result;
}

type LogArgs = Parameters<NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>>[0];

/** pino's logMethod hook: every argument of every log call (child loggers included) is sanitised. */
export function redactLogArguments(args: LogArgs): LogArgs {
  return args.map((arg) => (typeof arg === 'string' ? redactText(arg) : typeof arg === 'object' && arg !== null ? sanitizeMergingObject(arg) : arg)) as LogArgs;
}

const redactedReqSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactText(request.url),
  version: request.headers?.['accept-version'] as string | undefined,
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

type LoggerConfig = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
type LineStream = { write(line: string): unknown };

/**
 * Fastify logger options with the redaction layer added (pino's own redact list kept): every log call's
 * arguments are sanitised, and each finished line has secrets in its text masked once more, which covers
 * what no hook reaches (a child logger's bindings, a serializer's output).
 */
export function withLogRedaction(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (options === false || options === undefined) return options;
  const base: LoggerConfig = options === true ? {} : options;
  const target: LineStream | undefined = base.transport ? undefined : ((base.stream as LineStream | undefined) ?? pino.destination(1));
  return {
    ...base,
    ...(target ? { stream: { write: (line: string) => target.write(redactText(line)) } } : {}),
    serializers: {
      ...base.serializers,
      req: redactedReqSerializer,
      // Already sanitised into a plain object by the hook; pino's own would re-read it as an Error.
      err: (error: unknown) => (error instanceof Error ? sanitizeForLog(error) : error),
    },
    hooks: {
      ...base.hooks,
      logMethod(args, method) {
        method.apply(this, redactLogArguments(args));
      },
    },
  } as LoggerConfig;
}

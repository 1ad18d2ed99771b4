// The only reader of process.env: every variable is validated here, once, at boot.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { normalizePixKey } from '@vitrine/domain/pix';
import { DEFAULT_PASSWORD_HASH_COST, isPasswordHashCost, PASSWORD_HASH_COST_RANGE } from '../modules/access/passwords.ts';
import { defaultRetryPolicy } from '../shared/jobs/backoff.ts';

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `deve ser uma URL (${protocols.join(' ou ')})` },
    );

const optionalPort = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? Number(value) : undefined))
  .refine((value) => value === undefined || (Number.isInteger(value) && value >= 0 && value <= 65535), {
    message: 'deve ser uma porta (0 a 65535)',
  });

const days = (fallback: number, min = 1) => z.coerce.number().int().min(min).max(36_500).default(fallback);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

function readableFile(file: string | undefined) {
  if (file === undefined) return true;
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

// Megabytes, decimals allowed; unset: a default derived from another variable (in the final transform).
const optionalMegabytes = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? Number(value) : undefined))
  .refine((value) => value === undefined || (Number.isFinite(value) && value > 0 && value <= 10_000_000), {
    message: 'deve ser um número de MB maior que zero',
  });

/** Unset per-address and per-visitor shares of the visitors' files: a tenth and a fortieth of the total. */
export const visitorUploadShares = (env: {
  VISITOR_UPLOADS_QUOTA_MB: number;
  VISITOR_UPLOADS_PER_ADDRESS_MB?: number;
  VISITOR_UPLOADS_PER_VISITOR_MB?: number;
}) => ({
  perAddressMb: env.VISITOR_UPLOADS_PER_ADDRESS_MB ?? env.VISITOR_UPLOADS_QUOTA_MB / 10,
  perVisitorMb: env.VISITOR_UPLOADS_PER_VISITOR_MB ?? env.VISITOR_UPLOADS_QUOTA_MB / 40,
});

/** Meta's Graph API, with the version the WhatsApp client was written against. */
export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';

const seconds = (fallback: number) => z.coerce.number().positive().max(86_400).default(fallback);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    AUTH_SECRET: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || value.length >= 32, { message: 'deve ter pelo menos 32 caracteres' }),
    ADMIN_EMAIL: optionalText.pipe(z.email({ message: 'deve ser um e-mail válido' }).optional()),
    ADMIN_PASSWORD: optionalText.refine((value) => value === undefined || (value.length >= 6 && value.length <= 50), {
      message: 'deve ter de 6 a 50 caracteres',
    }),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    CONTACT_EMAIL: optionalText.pipe(z.email({ message: 'deve ser um e-mail válido' }).optional()),
    MAIL_FROM: optionalText,
    TMDB_API_KEY: optionalText,
    TMDB_BASE_URL: optionalUrl(['http:', 'https:']).default('https://api.themoviedb.org/3'),
    LLM_BASE_URL: optionalUrl(['http:', 'https:']),
    LLM_MODEL: optionalText,
    LLM_API_KEY: optionalText,
    LLM_INSTRUCTIONS: optionalText,
    // The shop's PIX (the admin's 'pix_key', 'pix_recipient' and 'pix_city' settings win over these).
    PIX_KEY: optionalText.refine((value) => value === undefined || normalizePixKey(value) !== null, {
      message: 'deve ser uma chave PIX válida (e-mail, telefone com +55, CPF, CNPJ ou chave aleatória)',
    }),
    PIX_RECIPIENT: optionalText,
    PIX_CITY: optionalText,
    // The shop's PSP (API Pix of the Banco Central): charges that confirm themselves. All or none of
    // PIX_API_URL, PIX_OAUTH_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET and PIX_WEBHOOK_SECRET; the certificate
    // and its key (mutual TLS) together, where the PSP asks for them; PIX_CA_FILE for a PSP whose
    // certificate is signed by an authority Node does not trust (sandboxes).
    PIX_API_URL: optionalUrl(['https:', 'http:']),
    PIX_OAUTH_URL: optionalUrl(['https:', 'http:']),
    PIX_CLIENT_ID: optionalText,
    PIX_CLIENT_SECRET: optionalText,
    PIX_CERT_FILE: optionalText.refine(readableFile, { message: 'arquivo não encontrado ou ilegível' }),
    PIX_KEY_FILE: optionalText.refine(readableFile, { message: 'arquivo não encontrado ou ilegível' }),
    PIX_CA_FILE: optionalText.refine(readableFile, { message: 'arquivo não encontrado ou ilegível' }),
    PIX_WEBHOOK_SECRET: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{24,128}$/.test(value), {
      message: 'deve ter de 24 a 128 letras, dígitos, _ ou - (vai no endereço do webhook)',
    }),
    // How long a charge can be paid, in seconds (calendario.expiracao).
    PIX_CHARGE_EXPIRY_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .default(3600),
    // The assistant on WhatsApp (the Cloud API of the WhatsApp Business Platform): all or none of
    // WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN;
    // WHATSAPP_API_URL (the Graph API with its version) has Meta's as its default.
    WHATSAPP_API_URL: optionalUrl(['https:', 'http:']),
    WHATSAPP_PHONE_NUMBER_ID: optionalText.refine((value) => value === undefined || /^\d{5,30}$/.test(value), {
      message: 'deve ser o número de identificação do telefone na Meta (só dígitos)',
    }),
    WHATSAPP_ACCESS_TOKEN: optionalText.refine((value) => value === undefined || /^\S{16,2048}$/.test(value), {
      message: 'deve ser o token de acesso da Meta (sem espaços)',
    }),
    WHATSAPP_APP_SECRET: optionalText.refine((value) => value === undefined || /^\S{16,256}$/.test(value), {
      message: 'deve ser a chave secreta do app na Meta (16 caracteres ou mais, sem espaços)',
    }),
    WHATSAPP_VERIFY_TOKEN: optionalText.refine((value) => value === undefined || /^[\x21-\x7e]{8,256}$/.test(value), {
      message: 'deve ter de 8 a 256 letras, dígitos ou símbolos, sem espaços (o mesmo informado na Meta)',
    }),
    // The approved template sent outside WhatsApp's 24-hour window (also an admin setting), and its language.
    WHATSAPP_TEMPLATE_NAME: optionalText,
    WHATSAPP_REMINDER_TEMPLATE_NAME: optionalText,
    WHATSAPP_TEMPLATE_LANGUAGE: optionalText,
    // Where the signed 'payment.paid' (and other payment) events go: the shop's own system that delivers access.
    PAYMENTS_WEBHOOK_URL: optionalUrl(['https:', 'http:']),
    // Demo catalogue, apps and an example PIX shortcut: unset = only on the embedded database's first start.
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : undefined)),
    ALLOW_PRIVATE_WEBHOOKS: booleanString,
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
    // Every outbound HTTP call (language model, TMDB, webhooks) ends by then and reads at most this many bytes.
    OUTBOUND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    OUTBOUND_MAX_RESPONSE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024 * 1024)
      .default(5 * 1024 * 1024),
    // scrypt's cost N for new password hashes; each hash keeps its own, so changing it locks nobody out.
    PASSWORD_HASH_COST: z.coerce
      .number()
      .refine(isPasswordHashCost, {
        message: `deve ser uma potência de 2 entre ${PASSWORD_HASH_COST_RANGE.min} e ${PASSWORD_HASH_COST_RANGE.max}`,
      })
      .default(DEFAULT_PASSWORD_HASH_COST),
    // Sign-in attempts on one e-mail from every address together, per hour (distributed guessing).
    SIGN_IN_ATTEMPTS_PER_EMAIL_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(100),
    // Files visitors send in the chat: their total, the share of one client address and of one visitor
    // (what their files may hold; unset: a tenth and a fortieth of the total), and how long they are kept
    // before a job deletes them.
    VISITOR_UPLOADS_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(2048),
    VISITOR_UPLOADS_PER_ADDRESS_MB: optionalMegabytes,
    VISITOR_UPLOADS_PER_VISITOR_MB: optionalMegabytes,
    VISITOR_UPLOADS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    // How long a claimed job stays reserved without a heartbeat: after a crash, it runs again then.
    JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    // The wait before a failed job's second attempt (it doubles after each failure, half of it random);
    // a receiver's Retry-After wins. Fractions allowed (tests use a fraction of a second).
    JOBS_RETRY_BASE_SECONDS: z.coerce
      .number()
      .min(0.01)
      .max(3600)
      .default(defaultRetryPolicy.baseDelayMs / 1000),
    TRUST_PROXY: booleanString,
    // Admins must enrol a second factor (TOTP) before any admin call other than enrolment, session and sign-out.
    REQUIRE_TWO_FACTOR: booleanString,
    // Prometheus metrics on a listener of their own (off when unset), on loopback unless METRICS_HOST says otherwise.
    METRICS_PORT: optionalPort,
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    // Housekeeping (a durable job, one instance at a time): how often, and how long each kind of row is kept.
    HOUSEKEEPING_INTERVAL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    RETAIN_EXPIRED_SESSIONS_DAYS: days(7, 0),
    RETAIN_EXPIRED_LINKS_DAYS: days(7, 0),
    RETAIN_EXPIRED_DOWNLOAD_CODES_DAYS: days(30, 0),
    // The dashboard shows up to 90 days (its API up to 365): access events are kept at least that long.
    RETAIN_ACCESS_EVENTS_DAYS: days(400, 90),
    RETAIN_FINISHED_JOBS_DAYS: days(7, 1),
    // Renewal reminders (a durable job, one instance at a time): the e-mail this many days before a subscription
    // ends (0: only on the day), and how often subscriptions are checked (decimals allowed: 0.2 is 12 s).
    RENEWAL_REMINDER_DAYS: z.coerce.number().int().min(0).max(3650).default(5),
    RENEWAL_CHECK_INTERVAL_MINUTES: z.coerce
      .number()
      .min(0.05)
      .max(24 * 60)
      .default(60),
    // Open event streams (/api/events) per client address and per instance; each one holds a socket.
    EVENT_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(1000).default(6),
    EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(500),
    // The edge: how long a client may take over each part of a request, and how many connections one
    // address may hold open. Seconds may have decimals (tests use fractions of a second).
    HEADERS_TIMEOUT_SECONDS: seconds(20),
    REQUEST_TIMEOUT_SECONDS: seconds(30),
    UPLOAD_TIMEOUT_SECONDS: seconds(1800),
    IDLE_TIMEOUT_SECONDS: seconds(60),
    KEEP_ALIVE_TIMEOUT_SECONDS: seconds(72),
    // Unset: 50, or no cap behind a trusted proxy (every connection then comes from the proxy). 0: no cap.
    MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).optional(),
    // Anonymous public catalogue reads answered from a cache that table changes invalidate; off only to compare.
    PUBLIC_CACHE: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => value !== 'false' && value !== '0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().trim().min(1).optional(),
    // File storage: local disk under DATA_DIR/uploads, or an S3-compatible bucket.
    STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
    S3_ENDPOINT: optionalUrl(['http:', 'https:']),
    S3_REGION: optionalText.transform((value) => value ?? 'us-east-1'),
    S3_BUCKET: optionalText.refine((value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
      message: 'deve ser um nome de bucket S3 válido (3 a 63 letras minúsculas, dígitos, . ou -)',
    }),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: booleanString,
  })
  .refine((env) => !env.ADMIN_EMAIL === !env.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL e ADMIN_PASSWORD devem ser informados juntos',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => env.STORAGE_DRIVER !== 's3' || env.S3_BUCKET !== undefined, {
    message: 'obrigatório quando STORAGE_DRIVER=s3',
    path: ['S3_BUCKET'],
  })
  .refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
    message: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY devem ser informados juntos',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .superRefine((env, context) => {
    const required = ['PIX_API_URL', 'PIX_OAUTH_URL', 'PIX_CLIENT_ID', 'PIX_CLIENT_SECRET', 'PIX_WEBHOOK_SECRET'] as const;
    const given = required.filter((name) => env[name] !== undefined);
    if (given.length > 0 && given.length < required.length) {
      for (const name of required.filter((key) => env[key] === undefined)) {
        context.addIssue({ code: 'custom', path: [name], message: `obrigatório para usar o PSP de PIX (informado: ${given.join(', ')})` });
      }
    }
    if (!env.PIX_CERT_FILE !== !env.PIX_KEY_FILE) {
      context.addIssue({ code: 'custom', path: ['PIX_KEY_FILE'], message: 'PIX_CERT_FILE e PIX_KEY_FILE devem ser informados juntos' });
    }
    if (given.length === required.length && !env.PUBLIC_URL) {
      context.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'obrigatório com o PSP de PIX: é o endereço do webhook registrado no PSP' });
    }
  })
  .superRefine((env, context) => {
    const required = ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;
    const given = [...required, 'WHATSAPP_API_URL' as const].filter((name) => env[name] !== undefined);
    if (given.length === 0 || required.every((name) => env[name] !== undefined)) return;
    for (const name of required.filter((key) => env[key] === undefined)) {
      context.addIssue({ code: 'custom', path: [name], message: `obrigatório para usar o WhatsApp (informado: ${given.join(', ')})` });
    }
  })
  .refine((env) => env.HEADERS_TIMEOUT_SECONDS <= env.REQUEST_TIMEOUT_SECONDS && env.REQUEST_TIMEOUT_SECONDS <= env.UPLOAD_TIMEOUT_SECONDS, {
    message: 'HEADERS_TIMEOUT_SECONDS ≤ REQUEST_TIMEOUT_SECONDS ≤ UPLOAD_TIMEOUT_SECONDS',
    path: ['REQUEST_TIMEOUT_SECONDS'],
  })
  .superRefine((env, context) => {
    // visitor ≤ address ≤ total: a share larger than what contains it would never be reached.
    const { perAddressMb, perVisitorMb } = visitorUploadShares(env);
    if (perAddressMb > env.VISITOR_UPLOADS_QUOTA_MB) {
      context.addIssue({ code: 'custom', path: ['VISITOR_UPLOADS_PER_ADDRESS_MB'], message: 'deve ser no máximo VISITOR_UPLOADS_QUOTA_MB (o total)' });
    } else if (perVisitorMb > perAddressMb) {
      context.addIssue({
        code: 'custom',
        path: ['VISITOR_UPLOADS_PER_VISITOR_MB'],
        message: `deve ser no máximo VISITOR_UPLOADS_PER_ADDRESS_MB (${perAddressMb.toLocaleString('pt-BR')})`,
      });
    }
  })
  .transform((env) => {
    const { perAddressMb, perVisitorMb } = visitorUploadShares(env);
    return {
      ...env,
      MAX_CONNECTIONS_PER_CLIENT: env.MAX_CONNECTIONS_PER_CLIENT ?? (env.TRUST_PROXY ? 0 : 50),
      WHATSAPP_API_URL: env.WHATSAPP_API_URL ?? DEFAULT_WHATSAPP_API_URL,

      VISITOR_UPLOADS_PER_ADDRESS_MB: perAddressMb,
      VISITOR_UPLOADS_PER_VISITOR_MB: perVisitorMb,
    };
  });

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`));
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}

/** A host name or address only this machine reaches (`localhost`, 127.0.0.0/8, `::1`). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare.endsWith('.localhost') || bare === '::1' || /^127\./.test(bare);
}

/**
 * PUBLIC_URL unset on a server others reach (NODE_ENV=production, or a HOST that is not loopback): the links in
 * e-mails would point at http://localhost:PORT. Warned at start (server.ts) and listed in 'Primeiros passos'.
 */
export function publicUrlMissing(env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV' | 'HOST'>): boolean {
  return env.PUBLIC_URL === undefined && (env.NODE_ENV === 'production' || !isLoopbackHost(env.HOST));
}

export function loadEnv(): Env {
  // A .env file beside the working directory, if any; variables already set win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  return parseEnv(process.env);
}

/** The WhatsApp Cloud API's settings when the shop uses it (all four given; the validation refuses a partial set), else null. */
export function whatsappConfig(env: Env): WhatsAppConfig | null {
  const { WHATSAPP_API_URL: apiUrl, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_ACCESS_TOKEN: accessToken } = env;
  const { WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken } = env;
  if (!phoneNumberId || !accessToken || !appSecret || !verifyToken) return null;
  return { apiUrl, phoneNumberId, accessToken, appSecret, verifyToken };
}

export interface WhatsAppConfig {
  /** The Graph API base with its version (WHATSAPP_API_URL). */
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  /** Signs Meta's deliveries to the webhook (X-Hub-Signature-256). */
  appSecret: string;
  /** Answers Meta's subscription handshake. */
  verifyToken: string;
}

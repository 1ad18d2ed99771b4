// The only reader of process.env: every variable is validated here, once, at boot.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

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
    ALLOW_PRIVATE_WEBHOOKS: booleanString,
    TRUST_PROXY: booleanString,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().trim().min(1).optional(),
  })
  .refine((env) => !env.ADMIN_EMAIL === !env.ADMIN_PASSWORD, {
    message: 'ADMIN_EMAIL e ADMIN_PASSWORD devem ser informados juntos',
    path: ['ADMIN_PASSWORD'],
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

export function loadEnv(): Env {
  // A .env file beside the working directory, if any; variables already set win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  return parseEnv(process.env);
}

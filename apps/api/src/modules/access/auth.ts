// The better-auth instance: e-mail + password, sessions in the database, PRO check before the password.
import { APIError, betterAuth } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@vitrine/domain/auth';
import type { Database } from '../../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema.ts';
import type { Mailer } from '../../shared/mailer.ts';
import type { ProUsersRepository } from './pro-users.repository.ts';

export const AUTH_BASE_PATH = '/api/auth';
export const COOKIE_PREFIX = 'vitrine';
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

/** Error codes our before-hook raises; the routes bridge maps them to pt-BR messages. */
export const NOT_PRO = 'NOT_PRO';
export const USER_ALREADY_EXISTS = 'USER_ALREADY_EXISTS';

export interface AuthRateLimits {
  /** Per client IP, per window in seconds. */
  signIn: { window: number; max: number };
  signUp: { window: number; max: number };
  verifyEmail: { window: number; max: number };
}

export const defaultAuthRateLimits: AuthRateLimits = {
  signIn: { window: 60, max: 10 },
  signUp: { window: 60, max: 5 },
  verifyEmail: { window: 60, max: 10 },
};

export interface CreateAuthOptions {
  db: Database;
  secret: string;
  /** Origin the site is served from (PUBLIC_URL), used for links in e-mails. */
  publicOrigin: string;
  secureCookies: boolean;
  proUsers: ProUsersRepository;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  rateLimits?: AuthRateLimits;
}

export function createAuth({ db, secret, publicOrigin, secureCookies, proUsers, mailer, logger, rateLimits: limits = defaultAuthRateLimits }: CreateAuthOptions) {
  return betterAuth({
    appName: 'Vitrine',
    baseURL: `${publicOrigin}${AUTH_BASE_PATH}`,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications, rateLimits },
    }),
    user: { modelName: 'users' },
    session: { modelName: 'sessions', expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    // The routes bridge checks Origin against PUBLIC_URL or the request's own host before we get here.
    trustedOrigins: (request) => [publicOrigin, request ? new URL(request.url).origin : undefined],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    emailVerification: {
      sendOnSignUp: true,
      // A correct password on an unconfirmed account mails a fresh link (the first one may be lost or expired).
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Confirme seu email — Vitrine',
          text: `Olá!\n\nPara confirmar seu email e ativar sua conta PRO, abra o link abaixo:\n\n${url}\n\nSe você não criou esta conta, ignore esta mensagem.`,
          html: `<p>Olá!</p><p>Para confirmar seu email e ativar sua conta PRO, clique no link abaixo:</p><p><a href="${url}">Confirmar email</a></p><p>Se você não criou esta conta, ignore esta mensagem.</p>`,
        });
      },
    },
    rateLimit: {
      // Off outside production by default: always on here, shared by every instance through the database.
      enabled: true,
      storage: 'database',
      modelName: 'rateLimits',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': limits.signIn,
        '/sign-up/email': limits.signUp,
        '/verify-email': limits.verifyEmail,
        '/send-verification-email': limits.signUp,
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/' },
      // The bridge overwrites x-forwarded-for with Fastify's request.ip (TRUST_PROXY decides what that is).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const method = level === 'debug' ? 'debug' : level === 'info' ? 'info' : level === 'warn' ? 'warn' : 'error';
        logger[method]({ args }, `better-auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
    onAPIError: {
      // Refusals (wrong password, not PRO...) are expected: the bridge logs them; only real failures are errors.
      onError: (error) => {
        const status = error instanceof APIError ? error.statusCode : 500;
        if (status >= 500) logger.error({ err: error }, 'better-auth: erro interno');
        else logger.debug({ status, message: error instanceof Error ? error.message : String(error) }, 'better-auth: recusado');
      },
    },
    hooks: {
      // Runs before the password is checked: only e-mails active in pro_users may sign in or sign up.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email' && ctx.path !== '/sign-up/email') return;
        const body = ctx.body as { email?: unknown } | undefined;
        const email = typeof body?.email === 'string' ? normalizeEmail(body.email) : '';
        if (!email || !(await proUsers.isActive(email))) {
          throw new APIError('FORBIDDEN', { code: NOT_PRO, message: 'E-mail PRO não encontrado' });
        }
        if (ctx.path === '/sign-up/email') {
          // public-site.md §8 maps 'User already registered' to its own message, so say so instead of a fake success.
          const existing = await ctx.context.internalAdapter.findUserByEmail(email);
          if (existing?.user) {
            throw new APIError('UNPROCESSABLE_ENTITY', { code: USER_ALREADY_EXISTS, message: 'User already registered' });
          }
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// The better-auth instance: e-mail + password, sessions in the database, PRO check before the password,
// password reset by mailed link. Accounts are created by our confirmation step, not by better-auth.
import { APIError, betterAuth } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@vitrine/domain/auth';
import {
  CODE_FAILURES_BEFORE_LOCK,
  CODE_LOCK_MINUTES,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  SECOND_STEP_MINUTES,
  TOTP_DIGITS,
} from '@vitrine/domain/two-factor';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import { enqueueEmail } from '../../shared/jobs/email.job.ts';
import { NOT_PRO, PRO_CHECK_FAILED } from './access.errors.ts';
import { resetLink, resetPasswordMail } from './access.mails.ts';
import { betterAuthAdapter, createAccountsRepository } from './accounts.repository.ts';
import { betterAuthLogger, countedAsOutage, type AuthOutage } from './auth-logger.ts';
import type { PasswordHasher } from './passwords.ts';
import type { ProUsersRepository } from './pro-users.repository.ts';
import type { PendingSignInOutcome, SignupUsecases } from './signups.usecases.ts';
import { TOTP_PERIOD_SECONDS, totpOnce } from './totp-once.ts';

export const AUTH_BASE_PATH = '/api/auth';
export const COOKIE_PREFIX = 'vitrine';
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;

export interface AuthRateLimits {
  /** Per client IP, per window in seconds: better-auth's own limiter on sign-in. */
  signIn: { window: number; max: number };
  /** Per client IP, per window in seconds: our sign-up route (better-auth's sign-up is off). */
  signUp: { window: number; max: number };
  /** Per client IP and endpoint: better-auth's limiter on /two-factor/* (codes, enrolment). */
  twoFactor: { window: number; max: number };
}

export const defaultAuthRateLimits: AuthRateLimits = {
  signIn: { window: 60, max: 10 },
  signUp: { window: 60, max: 5 },
  twoFactor: { window: 60, max: 10 },
};

/** A reset link works once, for 30 minutes. */
export const RESET_LINK_LIFETIME_SECONDS = 30 * 60;

export interface CreateAuthOptions {
  db: Database;
  secret: string;
  /** Origin the site is served from (PUBLIC_URL), used for links in e-mails. */
  publicOrigin: string;
  secureCookies: boolean;
  proUsers: ProUsersRepository;
  signups: SignupUsecases;
  /** How passwords are hashed and checked (PASSWORD_HASH_COST). */
  passwords: PasswordHasher;
  logger: FastifyBaseLogger;
  /** Counts better-auth's failures to reach the database (one log line per outage, not per request). */
  outage?: AuthOutage;
  rateLimits?: AuthRateLimits;
}

export function createAuth({
  db,
  secret,
  publicOrigin,
  secureCookies,
  proUsers,
  signups,
  passwords,
  logger,
  outage,
  rateLimits: limits = defaultAuthRateLimits,
}: CreateAuthOptions) {
  return betterAuth({
    appName: 'Vitrine',
    baseURL: `${publicOrigin}${AUTH_BASE_PATH}`,
    basePath: AUTH_BASE_PATH,
    secret,
    database: betterAuthAdapter(db),
    user: { modelName: 'users' },
    session: { modelName: 'sessions', expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    account: { modelName: 'accounts' },
    // Reset tokens are stored as their SHA-256: a copy of the database resets no password.
    verification: { modelName: 'verifications', storeIdentifier: 'hashed' },
    // The routes bridge checks Origin against PUBLIC_URL or the request's own host before we get here.
    trustedOrigins: (request) => [publicOrigin, request ? new URL(request.url).origin : undefined],
    emailAndPassword: {
      enabled: true,
      // Accounts are created confirmed by our own confirmation step (signups.usecases.ts), never by
      // better-auth's sign-up, whose unconfirmed accounts keep a password anyone could have typed.
      disableSignUp: true,
      requireEmailVerification: true,
      autoSignIn: false,
      password: passwords,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_LIFETIME_SECONDS,
      // Whoever knew the old password is signed out everywhere once it changes.
      revokeSessionsOnPasswordReset: true,
      // better-auth stores the token in its own flow, with no transaction of ours to share: the mail job follows it.
      async sendResetPassword({ user, token }) {
        await enqueueEmail(db, resetPasswordMail(user.email, resetLink(publicOrigin, token)));
      },
      async onPasswordReset({ user }) {
        // The other reset links of this account die with the one just used.
        await createAccountsRepository(db).deleteResetLinks(user.id);
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
        '/two-factor/*': limits.twoFactor,
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/' },
      // The bridge overwrites x-forwarded-for with Fastify's request.ip (TRUST_PROXY decides what that is).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    logger: betterAuthLogger(logger, outage),
    telemetry: { enabled: false },
    plugins: [
      // TOTP secrets and recovery codes are stored encrypted with the auth secret (better-auth's default).
      // After the password, an enrolled user gets no session, only a signed two_factor cookie that a
      // code (5 tries) turns into one; 10 wrong codes in a row lock the account's second step.
      twoFactor({
        issuer: 'Vitrine',
        twoFactorTable: 'twoFactors',
        twoFactorCookieMaxAge: SECOND_STEP_MINUTES * 60,
        totpOptions: { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS },
        backupCodeOptions: { amount: RECOVERY_CODE_COUNT, length: RECOVERY_CODE_LENGTH, storeBackupCodes: 'encrypted' },
        accountLockout: { enabled: true, maxFailedAttempts: CODE_FAILURES_BEFORE_LOCK, durationSeconds: CODE_LOCK_MINUTES * 60 },
      }),
      // A code is accepted once per account, across instances (RFC 6238 §5.2): better-auth remembers none.
      totpOnce({ db }),
    ],
    onAPIError: {
      // Refusals (wrong password, not PRO...) are expected: the bridge logs them; only real failures are errors.
      onError: (error) => {
        const status = error instanceof APIError ? error.statusCode : 500;
        if (status >= 500) {
          if (!countedAsOutage(outage, error)) logger.error({ err: error }, 'better-auth: erro interno');
        } else logger.debug({ status, message: error instanceof Error ? error.message : String(error) }, 'better-auth: recusado');
      },
    },
    hooks: { before: signInGate({ proUsers, signups, logger, outage }) },
  });
}

/**
 * Runs before the password is checked: only e-mails active in pro_users may sign in, and an e-mail with
 * only a pending sign-up gets a fresh confirmation link for its own password.
 */
function signInGate({ proUsers, signups, logger, outage }: Pick<CreateAuthOptions, 'proUsers' | 'signups' | 'logger' | 'outage'>) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/sign-in/email') return;
    const body = ctx.body as { email?: unknown; password?: unknown } | undefined;
    const email = typeof body?.email === 'string' ? normalizeEmail(body.email) : '';
    let active = false;
    try {
      active = email !== '' && (await proUsers.isActive(email));
    } catch (error) {
      if (!countedAsOutage(outage, error)) logger.error({ err: error }, 'falha ao consultar pro_users');
      throw new APIError('SERVICE_UNAVAILABLE', { code: PRO_CHECK_FAILED, message: 'PRO lookup failed' });
    }
    if (!active) throw new APIError('FORBIDDEN', { code: NOT_PRO, message: 'E-mail PRO não encontrado' });

    // An e-mail with only a pending sign-up: its own password mails a fresh link, anything else is wrong.
    const password = typeof body?.password === 'string' ? body.password : '';
    if (await ctx.context.internalAdapter.findUserByEmail(email)) return;
    let outcome: PendingSignInOutcome;
    try {
      outcome = await signups.signInWhilePending(email, password);
    } catch (error) {
      // The e-mail has had its share of confirmation mails: a refusal, not a failure.
      if (error instanceof AppError && error.statusCode === 429) {
        throw new APIError('TOO_MANY_REQUESTS', { code: 'CONFIRMATION_MAILS_EXHAUSTED', message: 'Too many confirmation mails' });
      }
      // Logged here, through our logger: better-auth would print an unknown error to stderr.
      if (!countedAsOutage(outage, error)) logger.error({ err: error }, 'falha ao renovar o link de confirmação');
      throw new APIError('INTERNAL_SERVER_ERROR', { message: 'Pending sign-up refresh failed' });
    }
    if (outcome === 'link_sent' || outcome === 'link_live') throw new APIError('FORBIDDEN', { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
    if (outcome === 'wrong_password') {
      throw new APIError('UNAUTHORIZED', { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    }
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A sign-in answer of an account with two-factor on: no session yet, a code must follow. */
export async function isTwoFactorRedirect(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { twoFactorRedirect?: unknown } | null;
    return body?.twoFactorRedirect === true;
  } catch {
    return false;
  }
}

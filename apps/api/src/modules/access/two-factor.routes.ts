// Two-factor sign-in: thin routes in front of better-auth's two-factor plugin (enable, verify-totp,
// verify-backup-code, generate-backup-codes) and our own disable, which wants a current code as well as
// the password. Codes never reach a log: the logger redacts `*.code` and better-auth's bodies are not logged.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { TOTP_DIGITS, twoFactorErrorCodes, twoFactorErrorMessages } from '@vitrine/domain/two-factor';
import { twoFactorContract } from '@vitrine/domain/two-factor.contract';
import type { Database } from '../../db/client.ts';
import { AppError, unauthorized } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { forward, noStore } from './access.routes.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import type { Auth } from './auth.ts';
import type { PasswordHasher } from './passwords.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * On top of better-auth's own limits (per IP and endpoint; 5 codes per sign-in; 10 wrong codes in a row
 * lock an account's sign-in step for 15 minutes): every two-factor route per client IP, and the routes
 * that take a code or the password with a session per account, so a stolen session cannot guess either.
 */
export const TWO_FACTOR_LIMITS = {
  perIp: { max: 30, timeWindow: FIFTEEN_MINUTES },
  perAccount: { max: 10, timeWindow: FIFTEEN_MINUTES },
} as const;

/**
 * A recovery code checked by better-auth. Of two simultaneous uses of one code its conditional update lets
 * one through and answers the other 409 without a code: that code has just been used.
 */
async function forwardRecoveryCode(auth: Auth, request: FastifyRequest, reply: FastifyReply, code: string) {
  try {
    return await forward(auth, request, reply, { method: 'POST', path: '/two-factor/verify-backup-code', body: { code } });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409 && error.code === 'auth.request_refused') {
      throw new AppError(twoFactorErrorCodes.invalidRecoveryCode, 400, twoFactorErrorMessages[twoFactorErrorCodes.invalidRecoveryCode]!);
    }
    throw error;
  }
}

interface VerifiedAnswer {
  user?: { email?: string };
}

export async function twoFactorRoutes(app: FastifyInstance, { db, auth, passwords }: { db: Database; auth: Auth; passwords: PasswordHasher }) {
  const perAccountCheck = app.createRateLimit({
    ...TWO_FACTOR_LIMITS.perAccount,
    keyGenerator: async (request) => `two-factor-account:${(await request.viewer())?.userId ?? request.ip}`,
  });
  /** Counts the attempt against the signed-in account (a sign-in's second step has none: better-auth counts those). */
  const perAccount: preHandlerAsyncHookHandler = async (request, reply) => {
    if (!(await request.viewer())) return;
    const result = await perAccountCheck(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(seconds));
    throw new AppError('rate_limited', 429, `Muitas tentativas. Aguarde ${seconds} segundos e tente novamente.`);
  };
  const options = { config: { rateLimit: TWO_FACTOR_LIMITS.perIp }, preHandler: perAccount };

  /** The signed-in account's password, checked without touching anything else. */
  const passwordMatches = async (userId: string, password: string) => {
    const hash = await createAccountsRepository(db).credentialPasswordHash(userId);
    return hash ? passwords.verify({ hash, password }) : false;
  };

  const verified = async (response: Response) => {
    const body = (await response.json()) as VerifiedAnswer;
    return { verified: true as const, email: body.user?.email ?? '', twoFactorEnabled: true as const };
  };

  route(app, twoFactorContract.enable, options, async (request, reply) => {
    const response = await forward(auth, request, reply, { method: 'POST', path: '/two-factor/enable', body: { password: request.body.password } });
    const body = (await response.json()) as { totpURI: string; backupCodes: string[] };
    noStore(reply);
    return { totpURI: body.totpURI, recoveryCodes: body.backupCodes };
  });

  route(app, twoFactorContract.verifyTotp, options, async (request, reply) => {
    const response = await forward(auth, request, reply, { method: 'POST', path: '/two-factor/verify-totp', body: { code: request.body.code } });
    noStore(reply);
    return verified(response);
  });

  route(app, twoFactorContract.verifyRecoveryCode, options, async (request, reply) => {
    const response = await forwardRecoveryCode(auth, request, reply, request.body.code);
    noStore(reply);
    return verified(response);
  });

  route(app, twoFactorContract.regenerateRecoveryCodes, options, async (request, reply) => {
    const response = await forward(auth, request, reply, {
      method: 'POST',
      path: '/two-factor/generate-backup-codes',
      body: { password: request.body.password },
    });
    const body = (await response.json()) as { backupCodes: string[] };
    noStore(reply);
    return { recoveryCodes: body.backupCodes };
  });

  // better-auth's disable asks only the password; ours also wants a current code (from the app, or a
  // recovery code for an admin who lost the phone), checked first by better-auth itself.
  route(app, twoFactorContract.disable, options, async (request, reply) => {
    const viewer = await request.viewer();
    if (!viewer) throw unauthorized();
    if (!viewer.twoFactorEnabled) {
      throw new AppError(twoFactorErrorCodes.notEnabled, 409, twoFactorErrorMessages[twoFactorErrorCodes.notEnabled]!);
    }
    const { password, code } = request.body;
    // The password first: a wrong one must not spend a recovery code.
    if (!(await passwordMatches(viewer.userId, password))) {
      throw new AppError(twoFactorErrorCodes.wrongPassword, 400, twoFactorErrorMessages[twoFactorErrorCodes.wrongPassword]!);
    }
    // An app code is accepted once (totp-once.ts): the one that signed in does not also turn two-factor off.
    if (code.length === TOTP_DIGITS) await forward(auth, request, reply, { method: 'POST', path: '/two-factor/verify-totp', body: { code } });
    else await forwardRecoveryCode(auth, request, reply, code);
    await forward(auth, request, reply, { method: 'POST', path: '/two-factor/disable', body: { password } });
    noStore(reply);
    request.log.info({ userId: viewer.userId }, 'verificação em duas etapas desativada');
    return { twoFactorEnabled: false as const };
  });
}

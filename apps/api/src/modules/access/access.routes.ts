// Sign-in, sign-up, confirmation, password reset and sign-out: thin Fastify routes in front of
// better-auth and of our sign-up use cases. Only these better-auth endpoints are reachable; bodies
// are validated by the shared contract first.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { accessContract } from '@vitrine/domain/access.contract';
import type { Database } from '../../db/client.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { AppError } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { authErrorFromResponse } from './access.errors.ts';
import type { AccessLimits } from './access.limits.ts';
import { listProUsers, saveProUser } from './access.usecases.ts';
import { AUTH_BASE_PATH, defaultAuthRateLimits, isTwoFactorRedirect, type Auth } from './auth.ts';
import { requestPasswordReset, resetPassword } from './password-reset.usecases.ts';
import type { ProUsersRepository } from './pro-users.repository.ts';
import type { SignupsRepository } from './signups.repository.ts';
import { hashLinkToken, type SignupUsecases } from './signups.usecases.ts';

const skippedHeaders = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'x-forwarded-for', 'forwarded']);

interface ForwardOptions {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

/** Calls better-auth's handler with a Fetch Request and copies its cookies onto our reply. */
export async function forward(auth: Auth, request: FastifyRequest, reply: FastifyReply, options: ForwardOptions) {
  const ownOrigin = `${request.protocol}://${request.host}`;
  const url = new URL(`${AUTH_BASE_PATH}${options.path}`, ownOrigin);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || skippedHeaders.has(key)) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // better-auth keys its rate limits on x-forwarded-for: always our own idea of the client IP
  // (request.ip honours TRUST_PROXY), never what the client sent.
  headers.set('x-forwarded-for', request.ip);
  // The origin-check plugin has already refused foreign origins; a client without one (curl, tests) is same-origin.
  if (!headers.has('origin')) headers.set('origin', ownOrigin);
  if (options.body) headers.set('content-type', 'application/json');
  else headers.delete('content-type');

  const response = await auth.handler(
    new Request(url, {
      method: options.method,
      headers,
      body: options.body ? JSON.stringify(options.body) : undefined,
    }),
  );
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);

  if (response.status >= 400) {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const retryAfter = Number(response.headers.get('x-retry-after') ?? '');
    if (response.status >= 500) request.log.error({ status: response.status, body: text }, 'better-auth falhou');
    throw authErrorFromResponse(response.status, body, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
  }
  return response;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Links and reset requests, per client IP and per link or e-mail. Per link: the password of a pending
 * sign-up cannot be guessed through its confirmation page. Per e-mail: nobody floods a mailbox.
 */
export const LINK_LIMITS = {
  lookupPerIp: { max: 30, timeWindow: FIFTEEN_MINUTES },
  confirmPerIp: { max: 20, timeWindow: FIFTEEN_MINUTES },
  confirmPerLink: { max: 5, timeWindow: FIFTEEN_MINUTES },
  forgotPerIp: { max: 10, timeWindow: FIFTEEN_MINUTES },
  forgotPerEmail: { max: 3, timeWindow: FIFTEEN_MINUTES },
  resetPerIp: { max: 20, timeWindow: FIFTEEN_MINUTES },
  resetPerLink: { max: 5, timeWindow: FIFTEEN_MINUTES },
} as const;

const SIGN_UP_PER_IP = { max: defaultAuthRateLimits.signUp.max, timeWindow: defaultAuthRateLimits.signUp.window * 1000 };

export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * A second limit on a route (the first is its `config.rateLimit`), counted after validation under
 * its own key, e.g. per link or per e-mail.
 */
function limitPer(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
  key: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({ ...limit, keyGenerator: (request) => `${name}:${key(request)}` });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(seconds));
    throw new AppError('rate_limited', 429, `Muitas tentativas. Aguarde ${seconds} segundos e tente novamente.`);
  };
}

const bodyOf = <T>(request: FastifyRequest) => request.body as T;

export interface AccessRoutesOptions {
  /** PRO-list writes and their audit rows commit together. */
  db: Database;
  auth: Auth;
  proUsers: ProUsersRepository;
  signups: SignupsRepository;
  signupUsecases: SignupUsecases;
  /** REQUIRE_TWO_FACTOR: /api/access/me tells a PRO user without a second factor to enrol. */
  requireTwoFactor?: boolean;
  /** Sign-in back-off per e-mail and address, the per-e-mail ceiling, and their reset. */
  limits: AccessLimits;
}

export async function accessRoutes(
  app: FastifyInstance,
  { db, auth, proUsers, signups, signupUsecases, limits, requireTwoFactor = false }: AccessRoutesOptions,
) {
  // Work that runs after its answer (reset mails) finishes before the server closes.
  const inFlight = new Set<Promise<unknown>>();
  const runInBackground = (work: () => Promise<unknown>) => {
    const running: Promise<unknown> = work()
      .catch((error: unknown) => app.log.error({ err: error }, 'falha ao criar o link de redefinição de senha'))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  /** Signs the owner in right after activation or reset; the account stays usable if this fails. */
  const signInAfter = async (request: FastifyRequest, reply: FastifyReply, email: string, password: string) => {
    try {
      const response = await forward(auth, request, reply, { method: 'POST', path: '/sign-in/email', body: { email, password, rememberMe: true } });
      // With two-factor on, the password alone opens no session: the owner signs in with a code.
      return !(await isTwoFactorRedirect(response));
    } catch (error) {
      request.log.warn({ err: error }, 'conta ativada ou senha trocada, mas o login automático falhou');
      return false;
    }
  };

  // better-auth's own limiter counts attempts per address (any e-mail); ours, after validation so
  // the e-mail is normalised, counts per e-mail and address with growing waits, and per e-mail.
  route(app, accessContract.signIn, {}, async (request, reply) => {
    const { email, password } = request.body;
    const refused = await limits.beforeSignIn(email, request.ip);
    if (refused) {
      reply.header('retry-after', String(refused.retryAfterSeconds));
      throw refused.error;
    }
    const response = await forward(auth, request, reply, { method: 'POST', path: '/sign-in/email', body: { email, password, rememberMe: true } });
    // The password was right: this address's count is forgotten (the second step has limits of its own).
    await limits.signedIn(email, request.ip);
    noStore(reply);
    // The password was right but no session exists yet: the second step (/two-factor/verify-*) opens it.
    if (await isTwoFactorRedirect(response)) return { signedIn: false, email, twoFactorRequired: true };
    return { signedIn: true, email };
  });

  // Per address here; per e-mail (the mails it sends, with those of sign-in) in the use case.
  route(app, accessContract.signUp, { config: { rateLimit: SIGN_UP_PER_IP } }, async (request, reply) => {
    const { email, password } = request.body;
    await signupUsecases.signUp(email, password);
    noStore(reply);
    return { created: true as const, email };
  });

  route(app, accessContract.confirmLookup, { config: { rateLimit: LINK_LIMITS.lookupPerIp } }, async (request, reply) => {
    noStore(reply);
    return signupUsecases.lookup(request.body.token);
  });

  route(
    app,
    accessContract.confirm,
    {
      config: { rateLimit: LINK_LIMITS.confirmPerIp },
      preHandler: limitPer(app, 'confirm-link', LINK_LIMITS.confirmPerLink, (request) => hashLinkToken(bodyOf<{ token: string }>(request).token)),
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const { email } = await signupUsecases.confirm(token, password);
      const signedIn = await signInAfter(request, reply, email, password);
      noStore(reply);
      return { confirmed: true as const, email, signedIn };
    },
  );

  route(
    app,
    accessContract.forgotPassword,
    {
      config: { rateLimit: LINK_LIMITS.forgotPerIp },
      preHandler: limitPer(app, 'forgot-email', LINK_LIMITS.forgotPerEmail, (request) => bodyOf<{ email: string }>(request).email),
    },
    async (request, reply) => {
      await requestPasswordReset({ auth, proUsers, signups, runInBackground }, request.body.email);
      noStore(reply);
      return { requested: true as const };
    },
  );

  route(
    app,
    accessContract.resetPassword,
    {
      config: { rateLimit: LINK_LIMITS.resetPerIp },
      preHandler: limitPer(app, 'reset-link', LINK_LIMITS.resetPerLink, (request) => hashLinkToken(bodyOf<{ token: string }>(request).token)),
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const { email } = await resetPassword({ auth }, token, password);
      // Whoever held the mailbox is the owner: the sign-in counts of the e-mail no longer hold them back.
      await limits.passwordReset(email);
      const signedIn = await signInAfter(request, reply, email, password);
      noStore(reply);
      return { reset: true as const, email, signedIn };
    },
  );

  route(app, accessContract.signOut, {}, async (request, reply) => {
    await forward(auth, request, reply, { method: 'POST', path: '/sign-out', body: {} });
    noStore(reply);
    return { signedOut: true as const };
  });

  route(
    app,
    accessContract.verifyEmail,
    {},
    // Links mailed before confirmation asked for the password confirm nothing: the accounts they
    // pointed at were never confirmed and have been removed.
    async (_request, reply) => {
      noStore(reply);
      return reply.redirect('/auth/confirmar', 302);
    },
  );

  route(app, accessContract.me, {}, async (request, reply) => {
    noStore(reply);
    const viewer = await request.viewer();
    if (!viewer) return { signedIn: false, email: null, isPro: false };
    // The two-factor fields appear only when true: an answer without them means neither.
    return {
      signedIn: true,
      email: viewer.email,
      isPro: viewer.isPro,
      ...(viewer.twoFactorEnabled && { twoFactorEnabled: true }),
      ...(requireTwoFactor && viewer.isPro && !viewer.twoFactorEnabled && { twoFactorRequired: true }),
    };
  });

  route(app, accessContract.listProUsers, {}, async (request) => listProUsers({ proUsers }, request.query));

  route(app, accessContract.upsertProUser, {}, async (request) => saveProUser({ db, signupUsecases }, await adminActor(request), request.body));
}

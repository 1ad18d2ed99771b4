// Sign-in, sign-up, confirmation, password reset and sign-out: thin Fastify routes in front of
// better-auth and of our sign-up use cases. Only these better-auth endpoints are reachable; bodies
// are validated by the shared contract first.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessMeSchema,
  confirmAccountInputSchema,
  confirmAccountResultSchema,
  confirmLookupInputSchema,
  confirmLookupResultSchema,
  credentialsSchema,
  forgotPasswordInputSchema,
  forgotPasswordResultSchema,
  proUserInputSchema,
  proUserSchema,
  proUserUpsertResultSchema,
  resetPasswordInputSchema,
  resetPasswordResultSchema,
  signInResultSchema,
  signOutResultSchema,
  signUpResultSchema,
} from '@vitrine/domain/auth';
import { AppError } from '../../shared/errors.ts';
import { AUTH_BASE_PATH, defaultAuthRateLimits, type Auth } from './auth.ts';
import { authErrorFromResponse } from './access.errors.ts';
import { requestPasswordReset, resetPassword } from './password-reset.usecases.ts';
import type { ProUser, ProUsersRepository } from './pro-users.repository.ts';
import type { SignupsRepository } from './signups.repository.ts';
import { hashLinkToken, type SignupUsecases } from './signups.usecases.ts';

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const skippedHeaders = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'x-forwarded-for', 'forwarded']);

interface ForwardOptions {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

/** Calls better-auth's handler with a Fetch Request and copies its cookies onto our reply. */
async function forward(auth: Auth, request: FastifyRequest, reply: FastifyReply, options: ForwardOptions) {
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

const toProUserOutput = (row: ProUser) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Per-account brute-force control on top of better-auth's per-IP limit (ASVS 6.3.1): attempts on one
 * e-mail from many addresses are throttled too, loosely enough that a lockout of the real owner is short.
 */
export const SIGN_IN_PER_EMAIL = { max: 20, timeWindow: 15 * 60 * 1000 };

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

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

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
  auth: Auth;
  proUsers: ProUsersRepository;
  signups: SignupsRepository;
  signupUsecases: SignupUsecases;
}

export async function accessRoutes(app: FastifyInstance, { auth, proUsers, signups, signupUsecases }: AccessRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      await forward(auth, request, reply, { method: 'POST', path: '/sign-in/email', body: { email, password, rememberMe: true } });
      return true;
    } catch (error) {
      request.log.warn({ err: error }, 'conta ativada ou senha trocada, mas o login automático falhou');
      return false;
    }
  };

  r.post(
    '/api/auth/sign-in/email',
    {
      config: {
        rateLimit: {
          ...SIGN_IN_PER_EMAIL,
          // After validation, so the key is the normalised e-mail of a well-formed body.
          hook: 'preHandler',
          keyGenerator: (request) => `email:${(request.body as { email: string }).email}`,
        },
      },
      schema: {
        tags: ['acesso'],
        summary: 'Entrar com email e senha (somente emails PRO ativos)',
        body: credentialsSchema,
        response: { 200: signInResultSchema, '4xx': errorSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await forward(auth, request, reply, { method: 'POST', path: '/sign-in/email', body: { email, password, rememberMe: true } });
      noStore(reply);
      return { signedIn: true as const, email };
    },
  );

  r.post(
    '/api/auth/sign-up/email',
    {
      config: { rateLimit: SIGN_UP_PER_IP },
      schema: {
        tags: ['acesso'],
        summary: 'Cadastro (somente emails PRO ativos): envia o link de confirmação; nada é ativado antes dele',
        body: credentialsSchema,
        response: { 200: signUpResultSchema, '4xx': errorSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await signupUsecases.signUp(email, password);
      noStore(reply);
      return { created: true as const, email };
    },
  );

  r.post(
    '/api/auth/confirm/lookup',
    {
      config: { rateLimit: LINK_LIMITS.lookupPerIp },
      schema: {
        tags: ['acesso'],
        summary: 'Página do link de confirmação: para qual email e se pede a senha do cadastro ou uma nova',
        body: confirmLookupInputSchema,
        response: { 200: confirmLookupResultSchema, '4xx': errorSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return signupUsecases.lookup(request.body.token);
    },
  );

  r.post(
    '/api/auth/confirm',
    {
      config: { rateLimit: LINK_LIMITS.confirmPerIp },
      preHandler: limitPer(app, 'confirm-link', LINK_LIMITS.confirmPerLink, (request) =>
        hashLinkToken(bodyOf<{ token: string }>(request).token),
      ),
      schema: {
        tags: ['acesso'],
        summary: 'Confirma o email com o link e a senha do cadastro (ou a escolhida no convite) e entra',
        body: confirmAccountInputSchema,
        response: { 200: confirmAccountResultSchema, '4xx': errorSchema },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const { email } = await signupUsecases.confirm(token, password);
      const signedIn = await signInAfter(request, reply, email, password);
      noStore(reply);
      return { confirmed: true as const, email, signedIn };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit: LINK_LIMITS.forgotPerIp },
      preHandler: limitPer(app, 'forgot-email', LINK_LIMITS.forgotPerEmail, (request) => bodyOf<{ email: string }>(request).email),
      schema: {
        tags: ['acesso'],
        summary: 'Esqueci minha senha: envia um link de redefinição (a mesma resposta para qualquer email)',
        body: forgotPasswordInputSchema,
        response: { 200: forgotPasswordResultSchema, '4xx': errorSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset({ auth, proUsers, signups, runInBackground }, request.body.email);
      noStore(reply);
      return { requested: true as const };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit: LINK_LIMITS.resetPerIp },
      preHandler: limitPer(app, 'reset-link', LINK_LIMITS.resetPerLink, (request) =>
        hashLinkToken(bodyOf<{ token: string }>(request).token),
      ),
      schema: {
        tags: ['acesso'],
        summary: 'Define a nova senha com o link recebido, encerra todas as sessões da conta e entra',
        body: resetPasswordInputSchema,
        response: { 200: resetPasswordResultSchema, '4xx': errorSchema },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const { email } = await resetPassword({ auth }, token, password);
      const signedIn = await signInAfter(request, reply, email, password);
      noStore(reply);
      return { reset: true as const, email, signedIn };
    },
  );

  r.post(
    '/api/auth/sign-out',
    {
      schema: { tags: ['acesso'], summary: 'Sair: encerra a sessão no servidor', response: { 200: signOutResultSchema, '4xx': errorSchema } },
    },
    async (request, reply) => {
      await forward(auth, request, reply, { method: 'POST', path: '/sign-out', body: {} });
      noStore(reply);
      return { signedOut: true as const };
    },
  );

  r.get(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['acesso'],
        summary: 'Links de confirmação antigos: levam à página de confirmação, que pede um novo cadastro',
        querystring: z.object({ token: z.string().max(4096).optional(), callbackURL: z.string().max(2048).optional() }),
      },
    },
    // Links mailed before confirmation asked for the password confirm nothing: the accounts they
    // pointed at were never confirmed and have been removed.
    async (_request, reply) => {
      noStore(reply);
      return reply.redirect('/auth/confirmar', 302);
    },
  );

  r.get(
    '/api/access/me',
    {
      schema: {
        tags: ['acesso'],
        summary: 'Quem está conectado e se é um usuário PRO ativo (público)',
        response: { 200: accessMeSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const viewer = await request.viewer();
      return viewer ? { signedIn: true, email: viewer.email, isPro: viewer.isPro } : { signedIn: false, email: null, isPro: false };
    },
  );

  r.get(
    '/api/access/pro-users',
    {
      schema: {
        tags: ['acesso'],
        summary: 'Lista os emails PRO (painel, seção Segurança)',
        response: { 200: z.object({ items: z.array(proUserSchema) }) },
      },
    },
    async () => ({ items: (await proUsers.list()).map(toProUserOutput) }),
  );

  r.put(
    '/api/access/pro-users',
    {
      schema: {
        tags: ['acesso'],
        summary:
          'Inclui um email PRO ou muda seu estado; desativar encerra o acesso na próxima requisição. ' +
          'Com invite, envia um convite para escolher a senha (nada é enviado a quem já tem conta)',
        body: proUserInputSchema,
        response: { 200: proUserUpsertResultSchema },
      },
    },
    async (request) => {
      const { email, isActive, invite } = request.body;
      const row = toProUserOutput(await proUsers.upsert(email, isActive));
      return invite ? { ...row, invitation: await signupUsecases.invite(email) } : row;
    },
  );
}

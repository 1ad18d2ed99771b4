// Sign-in, sign-up, sign-out and e-mail confirmation: thin Fastify routes in front of better-auth.
// Only these better-auth endpoints are reachable; bodies are validated by the shared contract first.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessMeSchema,
  proUserInputSchema,
  proUserSchema,
  credentialsSchema,
  signInResultSchema,
  signOutResultSchema,
  signUpResultSchema,
} from '@vitrine/domain/auth';
import { AUTH_BASE_PATH, type Auth } from './auth.ts';
import { authErrorFromResponse } from './access.errors.ts';
import type { ProUser, ProUsersRepository } from './pro-users.repository.ts';

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

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export async function accessRoutes(app: FastifyInstance, { auth, proUsers }: { auth: Auth; proUsers: ProUsersRepository }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      schema: {
        tags: ['acesso'],
        summary: 'Criar conta (somente emails PRO ativos); envia o email de confirmação',
        body: credentialsSchema,
        response: { 200: signUpResultSchema, '4xx': errorSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await forward(auth, request, reply, {
        method: 'POST',
        path: '/sign-up/email',
        // The confirmation link always lands on the home page (decisions.md, Sign-up and e-mail).
        body: { email, password, name: email.split('@')[0] ?? email, callbackURL: '/' },
      });
      noStore(reply);
      return { created: true as const, email };
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
        summary: 'Link do email de confirmação: confirma a conta e redireciona para /',
        querystring: z.object({ token: z.string().min(1).max(4096), callbackURL: z.string().max(2048).optional() }),
      },
    },
    async (request, reply) => {
      const response = await forward(auth, request, reply, {
        method: 'GET',
        path: '/verify-email',
        query: { token: request.query.token, callbackURL: '/' },
      });
      noStore(reply);
      const location = response.headers.get('location');
      // Only our own paths: an invalid or expired token lands on '/?error=...'.
      return reply.redirect(location?.startsWith('/') && !location.startsWith('//') ? location : '/', 302);
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
        summary: 'Inclui um email PRO ou muda seu estado; desativar encerra o acesso na próxima requisição',
        body: proUserInputSchema,
        response: { 200: proUserSchema },
      },
    },
    async (request) => toProUserOutput(await proUsers.upsert(request.body.email, request.body.isActive)),
  );
}

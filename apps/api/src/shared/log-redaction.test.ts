import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/logs.ts';
import { betterAuthLogger } from '../modules/access/auth-logger.ts';
import { markDatabaseConnectionError } from './errors.ts';
import { REDACTED, redactText, withLogRedaction } from './log-redaction.ts';

const SESSION_TOKEN = 'Xk3f9QmZ2LpR7vTn1WcY8sHd4GjB6eAu';
const RESET_TOKEN = 'q9WkLm2Xz7RtPv4NbY8cJd3F';
const API_KEY = 'sk-proj-4f9Qm2LpR7vTn1WcY8sH';
const PASSWORD = 'minha-senha-secreta';

function loggedApp() {
  const logs = captureLogs('debug');
  const app = Fastify({ logger: withLogRedaction(logs.logger) });
  return { app, logs };
}

/** What drizzle throws when a query fails: the SQL, its values, and the driver's error as cause. */
const failedQuery = (params: unknown[], cause: Error) => new DrizzleQueryError('select "id" from "sessions" where "sessions"."token" = $1', params, cause);

describe('the log redaction layer', () => {
  it('masks secrets inside strings and keeps ordinary words, ids and paths', () => {
    const uuid = '0b7c2a4e-5f1d-4c3b-9a8e-2d6f1e0c9b7a';
    expect(redactText(`token ${SESSION_TOKEN} expirado`)).toBe(`token ${REDACTED} expirado`);
    expect(redactText(`https://loja.example.com/api/auth/reset-password/${RESET_TOKEN}?callbackURL=/x`)).toBe(
      `https://loja.example.com/api/auth/reset-password/${REDACTED}?callbackURL=/x`,
    );
    // The PSP's webhook address carries PIX_WEBHOOK_SECRET, whatever it looks like.
    expect(redactText('POST /api/payments/pix/webhook/segredodowebhookdopix/pix')).toBe(`POST /api/payments/pix/webhook/${REDACTED}/pix`);
    expect(redactText(`https://loja.example.com/auth/redefinir-senha#token=abc-123_XYZ`)).toBe(
      `https://loja.example.com/auth/redefinir-senha#token=${REDACTED}`,
    );
    expect(redactText('/api/auth/confirm?token=curto1&next=/painel')).toBe(`/api/auth/confirm?token=${REDACTED}&next=/painel`);
    expect(redactText('GET /minha-assinatura?t=abcdefABCDEF&utm=x')).toBe(`GET /minha-assinatura?t=${REDACTED}&utm=x`);
    // A Clientes search is a customer's name or contact.
    expect(redactText('/api/admin/customers?page=1&search=maria%40exemplo.com&filter=active')).toBe(
      `/api/admin/customers?page=1&search=${REDACTED}&filter=active`,
    );
    expect(redactText('/api/admin/customers/export.csv?search=Maria+Silva')).toBe(`/api/admin/customers/export.csv?search=${REDACTED}`);
    expect(redactText('/api/admin/apps?search=netflix')).toBe('/api/admin/apps?search=netflix');
    expect(redactText('authorization: Bearer abc.def.ghi')).toBe(`authorization: Bearer ${REDACTED}`);
    expect(redactText(`chave ${API_KEY} recusada`)).toBe(`chave ${REDACTED} recusada`);
    expect(redactText(`cookie: vitrine.session_token=${SESSION_TOKEN}.c2lnbmF0dXJh%3D; outro=1`)).toBe(`cookie: vitrine.session_token=${REDACTED}; outro=1`);
    const ordinary = `GET /api/plans/${uuid} falhou: connect ECONNREFUSED 127.0.0.1:5432 (risk-free, Basic plan)`;
    expect(redactText(ordinary)).toBe(ordinary);
  });

  it("logs better-auth's own error calls without the session token of the failed query's parameters", () => {
    const { app, logs } = loggedApp();
    const log = betterAuthLogger(app.log).log!;
    // A failure that is not an outage (a bug, a constraint): still logged, at error, without the values.
    const syntax = Object.assign(new Error('syntax error at or near "form"'), {
      severity: 'ERROR',
      code: '42601',
      parameters: [SESSION_TOKEN],
      detail: `Key (token)=(${SESSION_TOKEN}) already exists.`,
    });
    log('error', 'INTERNAL_SERVER_ERROR', failedQuery([SESSION_TOKEN, PASSWORD], syntax));
    log('warn', `Invalid session token ${SESSION_TOKEN}`, { token: SESSION_TOKEN, headers: { cookie: `s=${SESSION_TOKEN}` } });

    expect(logs.text()).not.toContain(SESSION_TOKEN);
    expect(logs.text()).not.toContain(PASSWORD);
    const [error, warning] = logs.entries();
    expect(error).toMatchObject({ level: 50, msg: 'better-auth: INTERNAL_SERVER_ERROR' });
    expect(error!.err).toMatchObject({ type: 'DrizzleQueryError', message: expect.stringContaining('Failed query: select "id"') });
    expect(JSON.stringify(error!.err)).toContain('42601');
    expect(warning).toMatchObject({ level: 40, msg: `better-auth: Invalid session token ${REDACTED}`, details: [{ token: REDACTED }] });
  });

  it("counts better-auth's errors during a database outage instead of logging them", () => {
    const { app, logs } = loggedApp();
    const reported: string[] = [];
    const log = betterAuthLogger(app.log, { reportUnreachable: (_error, source) => reported.push(source ?? '') }).log!;
    const refused = markDatabaseConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    for (let request = 0; request < 5; request++) log('error', 'INTERNAL_SERVER_ERROR', failedQuery([SESSION_TOKEN], refused));
    expect(reported).toEqual(['auth', 'auth', 'auth', 'auth', 'auth']);
    expect(logs.entries()).toEqual([]);
  });

  it('takes pg and undici errors apart: no parameters, no row details, no credentials, the message kept', () => {
    const { app, logs } = loggedApp();
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "sessions_token_unique"'), {
      severity: 'ERROR',
      code: '23505',
      detail: `Key (token)=(${SESSION_TOKEN}) already exists.`,
      where: `SQL statement "insert ... values ('${PASSWORD}')"`,
      parameters: [SESSION_TOKEN, PASSWORD],
    });
    const undici = new TypeError('fetch failed', {
      cause: Object.assign(new Error(`getaddrinfo ENOTFOUND api.example.com?api_key=${API_KEY}`), { code: 'ENOTFOUND' }),
    });
    app.log.error({ err: pgError }, 'falha ao gravar');
    app.log.error({ err: undici, request: { headers: { authorization: `Bearer ${API_KEY}` }, body: { password: PASSWORD } } }, 'falha ao chamar');
    app.log.error(failedQuery([SESSION_TOKEN], pgError));

    const text = logs.text();
    for (const secret of [SESSION_TOKEN, PASSWORD, API_KEY]) expect(text).not.toContain(secret);
    const [first, second, third] = logs.entries();
    expect(first!.err).toMatchObject({ code: '23505', message: 'duplicate key value violates unique constraint "sessions_token_unique"' });
    expect(first!.err).not.toHaveProperty('detail');
    expect(second!.err).toMatchObject({ type: 'TypeError', message: 'fetch failed', cause: { code: 'ENOTFOUND' } });
    expect(second).toMatchObject({ request: { headers: { authorization: REDACTED }, body: { password: REDACTED } } });
    // An error logged alone: its message becomes the line's, without drizzle's "params: …" tail.
    expect(third!.msg).toBe('Failed query: select "id" from "sessions" where "sessions"."token" = $1');
  });

  it("masks what Fastify and child loggers write: a request's URL, bindings", async () => {
    const { app, logs } = loggedApp();
    app.get('/api/auth/confirm', async (request) => {
      request.log.child({ resetToken: RESET_TOKEN, link: `/reset-password/${RESET_TOKEN}` }).info('aberto');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: `/api/auth/confirm?token=${RESET_TOKEN}`, headers: { authorization: `Bearer ${API_KEY}` } });
    expect(logs.text()).not.toContain(RESET_TOKEN);
    expect(logs.text()).not.toContain(API_KEY);
    expect(logs.withMessage('incoming request')[0]).toMatchObject({ req: { url: `/api/auth/confirm?token=${REDACTED}` } });
    // A child logger's bindings are written by pino without any hook: the finished line is masked.
    expect(logs.withMessage('aberto')[0]).toMatchObject({ resetToken: REDACTED, link: `/reset-password/${REDACTED}` });
  });
});

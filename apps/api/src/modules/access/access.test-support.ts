// Helpers for the access tests: sign in and out through the real routes, read the links mailed.
// Mail goes out as background jobs: tests that read it build their app with the job runner on
// (`buildTestApp({ jobs: fastJobs })`) and these helpers wait for the queue, never sleep.
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailQueueSettled } from '../../../test/jobs.ts';
import { waitUntil } from '../../../test/wait.ts';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import { createProUsersRepository } from './pro-users.repository.ts';

export const ADMIN = { email: 'admin@vitrine.test', password: 'senha-do-admin' };
export const adminEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

/** The `name=value` part of the session cookie set by a response, for the next request's Cookie header. */
export function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const raw = response.headers['set-cookie'];
  const cookies = Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : [];
  const found = cookies.find((cookie) => cookie.includes('session_token='));
  if (!found) throw new Error(`nenhum cookie de sessão em ${JSON.stringify(cookies)}`);
  return found.split(';')[0]!;
}

export async function signIn(app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers });
}

export async function signUp(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password } });
}

export async function signInAsAdmin(app: FastifyInstance): Promise<string> {
  const response = await signIn(app, ADMIN.email, ADMIN.password);
  if (response.statusCode !== 200) throw new Error(`login do admin falhou: ${response.body}`);
  return sessionCookie(response);
}

export async function listPro(db: Database, email: string, isActive = true) {
  await createProUsersRepository(db).upsert(email, isActive);
}

export type MailedLink = 'confirmation' | 'reset';

const linkPatterns: Record<MailedLink, RegExp> = {
  confirmation: /https?:\/\/\S+\/auth\/confirmar#token=([\w-]+)/,
  reset: /https?:\/\/\S+\/auth\/redefinir-senha#token=([\w-]+)/,
};

/** The e-mails sent to `to`, newest first, once every mail queued for `to` has gone out. */
export async function mailsTo(db: Database, to: string) {
  await mailQueueSettled(db, to);
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt));
}

/** The secret of the link of that kind in the latest e-mail sent to `to` (what only its owner reads). */
export async function mailedToken(db: Database, to: string, kind: MailedLink = 'confirmation'): Promise<string> {
  const mail = (await mailsTo(db, to)).find((row) => linkPatterns[kind].test(row.text));
  if (!mail) throw new Error(`nenhum email com link (${kind}) para ${to}`);
  return linkPatterns[kind].exec(mail.text)![1]!;
}

/**
 * Polls until more than `after` e-mails with a link of that kind reached `to` (a reset mail is only
 * queued after the answer) and returns the latest link.
 */
export async function waitForMailedToken(db: Database, to: string, kind: MailedLink, after = 0): Promise<string> {
  const mails = await waitUntil(
    async () => {
      const found = (await mailsTo(db, to)).filter((row) => linkPatterns[kind].test(row.text));
      return found.length > after ? found : undefined;
    },
    { what: `um email novo com link (${kind}) para ${to}` },
  );
  return linkPatterns[kind].exec(mails[0]!.text)![1]!;
}

export async function confirmAccount(app: FastifyInstance, token: string, password: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/confirm', payload: { token, password }, headers, remoteAddress });
}

export async function lookupLink(app: FastifyInstance, token: string) {
  return app.inject({ method: 'POST', url: '/api/auth/confirm/lookup', payload: { token } });
}

export async function forgotPassword(app: FastifyInstance, email: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers, remoteAddress });
}

export async function resetPassword(app: FastifyInstance, token: string, password: string, headers: Record<string, string> = {}, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password }, headers, remoteAddress });
}

let visitors = 0;

/**
 * Someone at an address of their own (a stranger, an owner...): per-IP limits count each visitor
 * apart, as they would for different people, so one test's requests never throttle another's.
 */
export function visitor(app: FastifyInstance, remoteAddress = `10.77.${Math.floor(++visitors / 250)}.${(visitors % 250) + 1}`) {
  const post = (url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, payload, remoteAddress });
  return {
    remoteAddress,
    signUp: (email: string, password: string) => post('/api/auth/sign-up/email', { email, password }),
    signIn: (email: string, password: string) => post('/api/auth/sign-in/email', { email, password }),
    lookup: (token: string) => post('/api/auth/confirm/lookup', { token }),
    confirm: (token: string, password: string) => post('/api/auth/confirm', { token, password }),
    forgotPassword: (email: string) => post('/api/auth/forgot-password', { email }),
    resetPassword: (token: string, password: string) => post('/api/auth/reset-password', { token, password }),
    me: async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/access/me', headers: { cookie }, remoteAddress })).json(),
  };
}
export type Visitor = ReturnType<typeof visitor>;

/** A confirmed PRO account with a session: listed, signed up, confirmed through the mailed link (which signs in). */
export async function createConfirmedProUser(app: FastifyInstance, db: Database, email: string, password = 'senha-secreta') {
  await listPro(db, email);
  const owner = visitor(app);
  const created = await owner.signUp(email, password);
  if (created.statusCode !== 200) throw new Error(`cadastro falhou: ${created.body}`);
  const confirmed = await owner.confirm(await mailedToken(db, email), password);
  if (confirmed.statusCode !== 200 || !confirmed.json().signedIn) throw new Error(`confirmação falhou: ${confirmed.statusCode} ${confirmed.body}`);
  return sessionCookie(confirmed);
}

// Helpers for the access tests: sign in and out through the real routes, read the confirmation link.
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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

/** The path + query of the confirmation link in the latest e-mail sent to `to`. */
export async function confirmationLink(db: Database, to: string): Promise<string> {
  const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt));
  const mail = rows.find((row) => row.to === to);
  if (!mail) throw new Error(`nenhum email para ${to}`);
  const match = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text);
  if (!match) throw new Error(`sem link de confirmação em: ${mail.text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/** A confirmed PRO account with a session: listed, signed up, confirmed through the link, signed in. */
export async function createConfirmedProUser(app: FastifyInstance, db: Database, email: string, password = 'senha-secreta') {
  await listPro(db, email);
  const created = await signUp(app, email, password);
  if (created.statusCode !== 200) throw new Error(`cadastro falhou: ${created.body}`);
  const confirmed = await app.inject({ method: 'GET', url: await confirmationLink(db, email) });
  if (confirmed.statusCode !== 302) throw new Error(`confirmação falhou: ${confirmed.statusCode} ${confirmed.body}`);
  const response = await signIn(app, email, password);
  if (response.statusCode !== 200) throw new Error(`login falhou: ${response.body}`);
  return sessionCookie(response);
}

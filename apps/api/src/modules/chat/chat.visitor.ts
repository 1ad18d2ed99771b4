// A chat visitor is a random value in an HttpOnly cookie, sent only to /api/chat. The database keeps
// its SHA-256, so a copy of the database does not let anyone read a visitor's conversations.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'vitrine_chat_visitor';
const VALUE = /^[A-Za-z0-9_-]{43}$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export const visitorHash = (value: string) => createHash('sha256').update(value).digest('hex');

/** The visitor id (hash) of the request's cookie, or null when it has none (or a malformed one). */
export function readVisitor(request: FastifyRequest): string | null {
  const value = request.cookies[VISITOR_COOKIE];
  return value && VALUE.test(value) ? visitorHash(value) : null;
}

/** The request's visitor, or a new one whose cookie is set on the reply. */
export function ensureVisitor(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = readVisitor(request);
  if (existing) return existing;
  const value = randomBytes(32).toString('base64url');
  reply.setCookie(VISITOR_COOKIE, value, { path: '/api/chat', httpOnly: true, sameSite: 'lax', secure, maxAge: ONE_YEAR_S });
  return visitorHash(value);
}

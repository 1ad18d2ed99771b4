import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggedTestApp } from '../../test/logs.ts';
import { contactMessages, siteAccessEvents } from '../db/schema.ts';

type LoggedApp = Awaited<ReturnType<typeof buildLoggedTestApp>>;

const contact = { name: 'Joana Lima', subject: 'Dúvida', message: 'Quero saber dos planos.' };
const refusal = /^Dados inválidos — .+: contém um caractere não permitido\.$/;

describe('text no database can store (a NUL character)', () => {
  let t: LoggedApp;
  beforeAll(async () => {
    t = await buildLoggedTestApp();
  });
  afterAll(() => t.close());

  const expectRefusedQuietly = (response: { statusCode: number; json(): unknown; body: string }, field: string) => {
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json() as { error: { code: string; message: string } };
    expect(error.code).toBe('validation_error');
    expect(error.message).toMatch(refusal);
    expect(error.message).toContain(`${field}:`);
    expect(t.logs.errors()).toEqual([]);
    expect(t.logs.text()).not.toContain('\\u0000');
  };

  it.each(['name', 'subject', 'message'] as const)('in the contact form field %s is refused in Portuguese and nothing is stored', async (field) => {
    const email = `nul-${field}@example.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `10.77.0.${field.length}`,
      payload: { ...contact, email, [field]: `${contact[field]} \u0000 segredo do visitante` },
    });
    expectRefusedQuietly(response, field);
    expect(t.logs.text()).not.toContain('segredo do visitante');
    expect(await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
  });

  it.each([
    ['path', { path: '/planos\u0000' }],
    ['referrerUrl', { path: '/planos', referrerUrl: 'https://busca.example/?q=\u0000' }],
  ] as const)("in the visited page's %s is refused in Portuguese and nothing is stored", async (field, values) => {
    const sessionId = `sessao-nul-${field}`;
    const response = await t.app.inject({ method: 'POST', url: '/api/analytics/access-events', payload: { ...values, sessionId } });
    expectRefusedQuietly(response, field);
    expect(await t.database.db.select().from(siteAccessEvents).where(eq(siteAccessEvents.sessionId, sessionId))).toEqual([]);
  });

  it('in a query string is refused in Portuguese before it reaches anything', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=abc%00def' });
    expectRefusedQuietly(response, 'token');
  });

  it('in a path parameter or a JSON key is refused too, without echoing the character', async () => {
    expectRefusedQuietly(await t.app.inject({ method: 'GET', url: '/api/site-config/footer%00' }), 'section');
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.77.1.1',
      payload: { ...contact, email: 'nul-chave@example.com', 'extra\u0000': 'x' },
    });
    expectRefusedQuietly(key, 'extra\uFFFD');
    expect(key.body).not.toContain('\\u0000');
  });

  it('a broken surrogate (not text at all) is refused the same way', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.77.1.2',
      headers: { 'content-type': 'application/json' },
      // Half of an emoji, written as a JSON escape (a JavaScript string could not carry it to the wire).
      payload: JSON.stringify({ ...contact, email: 'surrogate@example.com', message: 'meio emoji MEIO' }).replace('MEIO', '\\ud83d'),
    });
    expectRefusedQuietly(response, 'message');
  });

  it('ordinary accents and emoji still go through', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.77.1.3',
      payload: { ...contact, email: 'acentos@example.com', message: 'Ação, coração e pão 😀\ttab e\nlinha' },
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

import net from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { buildLoggedTestApp, captureLogs } from '../../test/logs.ts';
import { errorHandlerPlugin } from './error-handler.ts';
import { securityHeaders } from './security.ts';

type LoggedApp = Awaited<ReturnType<typeof buildLoggedTestApp>>;
type Headers = Record<string, string | string[] | number | undefined>;

function expectSecurityHeaders(headers: Headers) {
  expect(headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
}

/** Sends raw bytes on a new connection and reads until the server closes it. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function parseRawResponse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { statusLine, headers, body };
}

describe('errors Fastify or Node raise before any route runs', () => {
  let t: LoggedApp;
  let port: number;
  beforeAll(async () => {
    t = await buildLoggedTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('a path parameter longer than the router allows is a 414 in Portuguese, with the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/site-config/${'a'.repeat(200)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: { code: 'uri_too_long', message: 'Endereço longo demais.' } });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expectSecurityHeaders(response.headers);
  });

  it('a malformed URL is a 400 in Portuguese, with the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/apps/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'bad_url', message: 'Requisição inválida.' } });
    expect(response.body).not.toContain('%E0%A4%A');
    expectSecurityHeaders(response.headers);
  });

  it('an unknown API route is a 404 in Portuguese, with the security headers', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/nao-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Rota não encontrada.' } });
    expectSecurityHeaders(response.headers);
  });

  it('malformed HTTP on a raw socket gets a complete HTTP/1.1 answer in the error shape, with the security headers', async () => {
    const { statusLine, headers, body } = parseRawResponse(await rawExchange(port, 'ISTO NAO E HTTP\r\n\r\n'));
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers.connection).toBe('close');
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
    expect(JSON.parse(body)).toEqual({ error: { code: 'bad_request', message: 'Requisição inválida.' } });
    expectSecurityHeaders(headers);
  });

  it('headers too large for the server get a 431 in the same shape', async () => {
    const request = `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Enorme: ${'a'.repeat(20_000)}\r\n\r\n`;
    const { statusLine, headers, body } = parseRawResponse(await rawExchange(port, request));
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(body)).toEqual({ error: { code: 'headers_too_large', message: 'Cabeçalhos da requisição grandes demais.' } });
    expectSecurityHeaders(headers);
  });

  it('answers written outside the hooks carry exactly the security headers every route sends', async () => {
    const routed = await t.app.inject({ method: 'GET', url: '/api/health' });
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/apps/%E0%A4%A' });
    const names = Object.keys(securityHeaders(false).resource);
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) expect([name, badUrl.headers[name]]).toEqual([name, routed.headers[name]]);
  });

  it('none of these is logged as an error', () => {
    expect(t.logs.errors()).toEqual([]);
  });
});

describe('database errors behind a route', () => {
  let database: TestDatabase;
  const logs = captureLogs();
  const app = Fastify({ logger: logs.logger });
  beforeAll(async () => {
    database = await createTestDatabase();
    await app.register(errorHandlerPlugin);
    // A value the database refuses, as a route that forgot to validate it would send it.
    app.post<{ Body: { id: string } }>('/uuid', async (request) => database.db.execute(sql`select ${request.body.id}::uuid`));
    // A real bug: a statement the database rejects for a reason that is not the visitor's input.
    app.post<{ Body: { name: string } }>('/bug', async (request) =>
      database.db.execute(sql`insert into contact_messages (name) values (${request.body.name})`),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('a value the database cannot take is a 400, logged without the value', async () => {
    const response = await app.inject({ method: 'POST', url: '/uuid', payload: { id: 'texto-do-visitante' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_input');
    expect(response.json().error.message).toMatch(/^Dados inválidos/);
    expect(logs.errors()).toEqual([]);
    expect(logs.text()).not.toContain('texto-do-visitante');
  });

  it('a real failure is a 500 whose log keeps the SQL and the stack but not the values sent', async () => {
    const response = await app.inject({ method: 'POST', url: '/bug', payload: { name: 'nome-do-visitante' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal_error', message: 'Erro interno do servidor. Tente novamente.' } });
    const [logged] = logs.errors();
    expect(logged?.err?.message).toContain('insert into contact_messages');
    expect(logged?.err?.stack).toContain('insert into contact_messages');
    expect(logs.text()).not.toContain('nome-do-visitante');
  });
});

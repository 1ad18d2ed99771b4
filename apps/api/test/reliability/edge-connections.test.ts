// The edge's timeouts and connection cap, over real connections to a listening server. The timeouts are
// configured in fractions of a second so the suite stays fast; the code paths are those of the defaults.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEnv, signInAsAdmin } from '../../src/modules/access/access.test-support.ts';
import { multipartBody, PNG } from '../../src/modules/uploads/uploads.test-support.ts';
import { buildTestApp, type TestApp } from '../app.ts';
import { openRaw, parseRawResponse, rawExchange, type RawConnection } from '../raw-http.ts';
import { connectSse } from '../sse.ts';

const HEADERS_S = 0.3;
const REQUEST_S = 0.6;
const UPLOAD_S = 2;
const IDLE_S = 0.8;
const KEEP_ALIVE_S = 0.4;
/** Node checks its timeouts on an interval, and the machine may be busy: how late a close may come. */
const SLACK_MS = 1500;

async function listening(env: Record<string, string>): Promise<{ t: TestApp; port: number }> {
  const t = await buildTestApp({ env: { ...adminEnv, ...env } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as AddressInfo).port };
}

/** Writes the pieces one at a time, `everyMs` apart, until they run out or the server closes the connection. */
function trickle(connection: RawConnection, pieces: (string | Buffer)[], everyMs: number) {
  let next = 0;
  const timer = setInterval(() => {
    if (next >= pieces.length || connection.socket.destroyed) return clearInterval(timer);
    connection.write(pieces[next++]!);
  }, everyMs);
  void connection.closed.then(() => clearInterval(timer));
  return () => clearInterval(timer);
}

function expect408(text: string) {
  const answer = parseRawResponse(text);
  expect(answer.status, text.slice(0, 300)).toBe(408);
  expect(JSON.parse(answer.body)).toEqual({ error: { code: 'request_timeout', message: 'A requisição demorou demais.' } });
  expect(answer.headers.connection).toBe('close');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

describe('connection timeouts', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listening({
      HEADERS_TIMEOUT_SECONDS: String(HEADERS_S),
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_S),
      UPLOAD_TIMEOUT_SECONDS: String(UPLOAD_S),
      IDLE_TIMEOUT_SECONDS: String(IDLE_S),
      KEEP_ALIVE_TIMEOUT_SECONDS: String(KEEP_ALIVE_S),
    }));
  }, 120_000);
  afterAll(() => t.close());

  it('headers trickling in one byte at a time get a 408 in the error shape once the headers time is up', async () => {
    const connection = await openRaw(port);
    const started = performance.now();
    trickle(connection, [...('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Lento: ' + 'a'.repeat(200))], 50);
    const { text, at } = await connection.closed;
    expect408(text);
    expect(at - started).toBeLessThan(HEADERS_S * 1000 + SLACK_MS);
  });

  it('a body trickling in one byte at a time gets a 408 once the request time is up, though no silence is long enough for the idle timeout', async () => {
    const connection = await openRaw(port);
    const body = JSON.stringify({ path: '/', referrer: null });
    connection.write(`POST /api/analytics/access-events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 100}\r\n\r\n`);
    const started = performance.now();
    trickle(connection, [...body, ...' '.repeat(100)], 100);
    const { text, at } = await connection.closed;
    expect408(text);
    expect(at - started).toBeGreaterThanOrEqual(REQUEST_S * 1000 - 50);
    expect(at - started).toBeLessThan(REQUEST_S * 1000 + SLACK_MS);
  });

  it('a connection that never sends a byte gets a 408 at the headers time', async () => {
    const silent = await openRaw(port);
    const started = performance.now();
    const { text, at } = await silent.closed;
    expect408(text);
    expect(at - started).toBeLessThan(HEADERS_S * 1000 + SLACK_MS);
  });

  it('an idle keep-alive connection is closed after the keep-alive time', async () => {
    const connection = await openRaw(port);
    connection.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const answered = await new Promise<number>((resolve) => connection.socket.once('data', () => resolve(performance.now())));
    const { text, at } = await connection.closed;
    expect(parseRawResponse(text).status).toBe(200);
    expect(at - answered).toBeGreaterThanOrEqual(KEEP_ALIVE_S * 1000 - 50);
    expect(at - answered).toBeLessThan(KEEP_ALIVE_S * 1000 + SLACK_MS);
  });

  it('an upload may take longer than an ordinary request, up to the upload time', async () => {
    const cookie = await signInAsAdmin(t.app);
    const { payload, headers } = await multipartBody([{ data: PNG, name: 'capa.png', type: 'image/png' }]);
    const head = (length: number) =>
      `POST /api/uploads/title-artwork HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${length}\r\n\r\n`;
    // Ten pieces 100 ms apart: about a second, past the request time (0.6 s), within the upload time (2 s).
    const slow = await openRaw(port);
    slow.write(head(payload.length));
    const pieces = Array.from({ length: 10 }, (_, index) =>
      payload.subarray(Math.floor((index * payload.length) / 10), Math.floor(((index + 1) * payload.length) / 10)),
    );
    const started = performance.now();
    trickle(slow, pieces, 100);
    const answer = await new Promise<string>((resolve) => {
      slow.socket.on('data', () => slow.received().includes('"id"') && resolve(slow.received()));
    });
    expect(performance.now() - started).toBeGreaterThan(REQUEST_S * 1000);
    expect(parseRawResponse(answer).status).toBe(201);
    slow.socket.destroy();

    // The file's bytes without the closing boundary: the server waits for the rest.
    const unfinished = payload.subarray(0, payload.lastIndexOf('\r\n--'));

    // One that keeps sending but never finishes is cut at the upload time.
    const stuck = await openRaw(port);
    stuck.write(head(payload.length + 1000));
    const stuckStarted = performance.now();
    trickle(stuck, [unfinished, ...Array.from({ length: 1000 }, () => 'x')], 100);
    const cut = await stuck.closed;
    expect408(cut.text);
    expect(cut.at - stuckStarted).toBeGreaterThanOrEqual(UPLOAD_S * 1000 - 100);
    expect(cut.at - stuckStarted).toBeLessThan(UPLOAD_S * 1000 + SLACK_MS);

    // One that stops sending is cut after the idle time, long before the upload time.
    const stalled = await openRaw(port);
    stalled.write(head(payload.length + 1000));
    stalled.write(unfinished);
    const stalledStarted = performance.now();
    const silence = await stalled.closed;
    expect408(silence.text);
    expect(silence.at - stalledStarted).toBeGreaterThanOrEqual(IDLE_S * 1000 - 50);
    expect(silence.at - stalledStarted).toBeLessThan(UPLOAD_S * 1000);
  });

  it('an event stream stays open through silences longer than the idle time', async () => {
    const stream = await connectSse(`http://127.0.0.1:${port}/api/events`);
    let streamClosed = false;
    void stream.closed.then(() => (streamClosed = true));
    // Silent connections closed one after another (each at the headers time) until the stream has been
    // quiet for twice the idle time: the server's clock, not a sleep.
    const opened = performance.now();
    while (performance.now() - opened < 2 * IDLE_S * 1000) await (await openRaw(port)).closed;
    expect(streamClosed).toBe(false);
    stream.close();
  });
});

describe('connections per client address', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listening({ MAX_CONNECTIONS_PER_CLIENT: '5' }));
  }, 120_000);
  afterAll(() => t.close());

  it('past the cap a connection gets a 429 in the error shape and is closed; once one closes, a new one is served', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => openRaw(port)));
    const refused = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      error: { code: 'too_many_connections', message: 'Conexões demais abertas a partir do seu endereço. Feche algumas e tente novamente em instantes.' },
    });
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');

    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The server counts the close when it sees it: ask until it has.
    let answer = parseRawResponse('');
    for (let attempt = 0; attempt < 50 && answer.status !== 200; attempt++) {
      answer = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    }
    expect(answer.status).toBe(200);
    for (const connection of held) connection.socket.destroy();
  });
});

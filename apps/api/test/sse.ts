// A minimal event-stream client for tests: collects the `change` events a server sends. It uses its
// own connection per stream (node:http without an agent): fetch's pool opens a spare connection after
// an aborted stream, which would hold the server's close() for seconds.
import http from 'node:http';

export interface SseClient {
  changes: Array<{ table: string; op: string; id: string | null; origin?: string }>;
  /** Every named event, whatever its name, with its data as sent. */
  events: Array<{ event: string; data: string }>;
  /** Resolves when an event of that name has arrived. */
  waitForEvent(name: string, timeoutMs?: number): Promise<void>;
  /** Resolves when a change matching the predicate has arrived. */
  waitFor(predicate: (change: { table: string; op: string; id: string | null; origin?: string }) => boolean, timeoutMs?: number): Promise<void>;
  closed: Promise<void>;
  close(): void;
}

/** The server answered the stream request with something other than a stream. */
export class SseRefused extends Error {
  constructor(
    readonly status: number,
    readonly headers: http.IncomingHttpHeaders,
    readonly body: unknown,
  ) {
    super(`SSE ${status}`);
  }
}

export async function connectSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  if (response.statusCode !== 200) {
    let text = '';
    response.setEncoding('utf8');
    for await (const chunk of response) text += chunk;
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    throw new SseRefused(response.statusCode ?? 0, response.headers, body);
  }

  const changes: SseClient['changes'] = [];
  const events: SseClient['events'] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let boundary = buffer.indexOf('\n\n');
    while (boundary >= 0) {
      const frame = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (event && data) {
        events.push({ event, data });
        for (const wake of waiters) wake();
      }
      if (event === 'change' && data) {
        changes.push(JSON.parse(data));
        for (const wake of waiters) wake();
      }
      boundary = buffer.indexOf('\n\n');
    }
  });
  // An aborted request emits 'error' on the response: closing is expected here.
  response.on('error', () => undefined);
  request.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => response.once('close', () => resolve()));

  const until = (found: () => boolean, timeoutMs: number, describe: () => string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (found()) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(describe()));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return {
    changes,
    events,
    waitForEvent: (name, timeoutMs = 5_000) =>
      until(
        () => events.some((event) => event.event === name),
        timeoutMs,
        () => `evento '${name}' não recebido em ${timeoutMs} ms; recebidos: ${JSON.stringify(events)}`,
      ),
    closed,
    close: () => request.destroy(),
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (changes.some(predicate)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`evento não recebido em ${timeoutMs} ms; recebidos: ${JSON.stringify(changes)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/**
 * A HEAD of a stream's address, on its own connection: the status and headers, and how long they took.
 * No answer within `timeoutMs` fails (the connection is dropped, freeing whatever it held on the server).
 */
export function headOfStream(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 1_000,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(url, { method: 'HEAD', agent: false, headers: { accept: 'text/event-stream', ...headers } });
    const timer = setTimeout(() => request.destroy(new Error(`HEAD ${url}: sem resposta em ${timeoutMs} ms`)), timeoutMs);
    request.once('response', (response) => {
      clearTimeout(timer);
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, ms: performance.now() - started });
    });
    request.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end();
  });
}

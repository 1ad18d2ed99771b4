// The HTTP server the app listens on, with two additions to the server Fastify would make for itself:
// - the edge's rules, applied before Fastify sees anything: how long a client may take over its
//   headers, its body and its silences, how many connections one address may hold, and a Host header
//   on every HTTP/1.1 request, each refused in the one error shape;
// - a front door that may answer a request from memory before Fastify makes its request and reply
//   objects, routes it and runs its hooks. The public read cache answers its current hits there.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyServerFactory } from 'fastify';
import type { Env } from '../config/env.ts';
import { statusMessages } from './errors.ts';

/** Answers the request itself and returns true, or returns false and leaves it untouched for Fastify. */
export type FrontDoor = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface EdgeLimits {
  /** From a request's first byte to the end of its headers (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** From the end of a request's headers to the end of its body, for every request but a multipart upload. */
  requestTimeoutMs: number;
  /** From a request's first byte to its end, for a multipart upload (POST multipart/form-data, files of up to 500 MB). */
  uploadTimeoutMs: number;
  /** A connection on which nothing is received or sent for this long is closed (408 if a request was arriving). */
  idleTimeoutMs: number;
  /** How long a connection may wait, idle, for its next request. */
  keepAliveTimeoutMs: number;
  /** Open connections per client address; 0 means no cap. */
  maxConnectionsPerClient: number;
}

/** The environment's defaults (see config/env.ts). */
export const DEFAULT_EDGE_LIMITS: EdgeLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 30_000,
  uploadTimeoutMs: 1_800_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 72_000,
  maxConnectionsPerClient: 50,
};

export const edgeLimitsFromEnv = (env: Env): EdgeLimits => ({
  headersTimeoutMs: Math.round(env.HEADERS_TIMEOUT_SECONDS * 1000),
  requestTimeoutMs: Math.round(env.REQUEST_TIMEOUT_SECONDS * 1000),
  uploadTimeoutMs: Math.round(env.UPLOAD_TIMEOUT_SECONDS * 1000),
  idleTimeoutMs: Math.round(env.IDLE_TIMEOUT_SECONDS * 1000),
  keepAliveTimeoutMs: Math.round(env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
  maxConnectionsPerClient: env.MAX_CONNECTIONS_PER_CLIENT,
});

const JSON_TYPE = 'application/json; charset=utf-8';
/** Seconds a client over the connection cap is asked to wait. */
const OVER_CAP_RETRY_AFTER_S = 10;

export const MISSING_HOST_MESSAGE = 'A requisição precisa do cabeçalho Host.';
export const TOO_MANY_CONNECTIONS_MESSAGE = 'Conexões demais abertas a partir do seu endereço. Feche algumas e tente novamente em instantes.';

const errorPayload = (code: string, message: string) => JSON.stringify({ error: { code, message } });

/**
 * An answer written straight on the socket, for moments when there is no response object to write it
 * with (malformed HTTP, a request that took too long): the connection is closed once it is sent.
 */
export function answerOnSocket(socket: Socket, status: number, code: string, headers: Readonly<Record<string, string>>) {
  const payload = errorPayload(code, statusMessages[status] ?? statusMessages[400]!);
  const lines = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
    `content-type: ${JSON_TYPE}`,
    `content-length: ${Buffer.byteLength(payload)}`,
    `date: ${new Date().toUTCString()}`,
    'cache-control: no-store',
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${payload}`, () => socket.destroy());
}

interface InFlight {
  request: IncomingMessage;
  response: ServerResponse;
  /** When its headers were complete. */
  receivedAt: number;
  /** Until when an unfinished upload is let through Node's request timeout (0: not an upload). */
  uploadDeadline: number;
}

/** The latest request of each connection, for the timeouts Node reports on the socket. */
const latestRequest = new WeakMap<Socket, InFlight>();

const isUpload = (request: IncomingMessage) => request.method === 'POST' && /^\s*multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');

/**
 * What to do with a client error Node reports on a socket (malformed HTTP, or its headers or request
 * timeout): 'answer' it, 'close' the connection without a word, or 'ignore' it.
 */
export function clientErrorAction(socket: Socket, error: NodeJS.ErrnoException): 'answer' | 'close' | 'ignore' {
  const latest = latestRequest.get(socket);
  if (error.code !== 'ERR_HTTP_REQUEST_TIMEOUT' || !latest || latest.request.complete) return 'answer';
  // An upload's body has a longer allowance; Node reports the same timeout again at every check.
  if (Date.now() < latest.uploadDeadline) return 'ignore';
  // The request was answered before its body arrived (a refusal): the rest is not waited for.
  if (latest.response.headersSent) return 'close';
  return 'answer';
}

export interface ServerOptions {
  limits: EdgeLimits;
  /** The security headers of a non-document answer, for the answers the edge writes itself. */
  headers: Readonly<Record<string, string>>;
}

/** A server factory for Fastify; `frontDoor()` is read per request, so it can be set once the app's plugins exist. */
export function serverWithFrontDoor(
  frontDoor: () => FrontDoor | undefined,
  { limits, headers }: ServerOptions = { limits: DEFAULT_EDGE_LIMITS, headers: {} },
): FastifyServerFactory {
  const answer = (response: ServerResponse, status: number, code: string, message: string, extra: Record<string, string> = {}) => {
    const payload = errorPayload(code, message);
    response.writeHead(status, {
      ...headers,
      'content-type': JSON_TYPE,
      'content-length': Buffer.byteLength(payload),
      'cache-control': 'no-store',
      connection: 'close',
      ...extra,
    });
    response.end(payload);
  };

  return (handler, options) => {
    const overCap = new WeakSet<Socket>();
    const server = http.createServer(
      {
        ...((options.http ?? {}) as http.ServerOptions),
        headersTimeout: limits.headersTimeoutMs,
        // The longest any request may take to arrive; ordinary requests are held to less below.
        requestTimeout: limits.uploadTimeoutMs,
        // Node checks the two timeouts above on this interval: a quarter of the shortest, at most a second.
        connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.round(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4))),
        // Checked below, so the refusal has the error shape (Node's own is an empty 400).
        requireHostHeader: false,
      },
      (request, response) => {
        const socket = request.socket;
        if (overCap.has(socket)) {
          answer(response, 429, 'too_many_connections', TOO_MANY_CONNECTIONS_MESSAGE, { 'retry-after': String(OVER_CAP_RETRY_AFTER_S) });
          return;
        }
        if (request.headers.host === undefined && request.httpVersion === '1.1') {
          answer(response, 400, 'missing_host', MISSING_HOST_MESSAGE);
          return;
        }
        const upload = isUpload(request);
        const receivedAt = Date.now();
        latestRequest.set(socket, { request, response, receivedAt, uploadDeadline: upload ? receivedAt + limits.uploadTimeoutMs : 0 });
        if (frontDoor()?.(request, response)) return;
        handler(request, response);
      },
    );
    server.keepAliveTimeout = limits.keepAliveTimeoutMs;
    server.setTimeout(limits.idleTimeoutMs);
    if (typeof options.maxRequestsPerSocket === 'number' && options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;

    // Node holds every request to the upload allowance; this holds the others to their own, shorter one.
    // A request whose body is still arriving when its time is up gets a 408 (see clientErrorAction for uploads).
    const openSockets = new Set<Socket>();
    const checkRequests = setInterval(
      () => {
        const now = Date.now();
        for (const socket of openSockets) {
          const latest = latestRequest.get(socket);
          if (!latest || latest.request.complete || latest.uploadDeadline || now - latest.receivedAt < limits.requestTimeoutMs) continue;
          // Answered already (a refusal that did not wait for the body): the rest of the body is not waited for.
          if (latest.response.headersSent) socket.destroy();
          else answerOnSocket(socket, 408, 'request_timeout', headers);
        }
      },
      Math.max(10, Math.min(1000, Math.round(limits.requestTimeoutMs / 4))),
    );
    checkRequests.unref();
    server.once('close', () => clearInterval(checkRequests));

    const perAddress = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      openSockets.add(socket);
      const address = socket.remoteAddress ? normalizeIP(socket.remoteAddress) : undefined;
      const open = address ? (perAddress.get(address) ?? 0) + 1 : 0;
      if (address) perAddress.set(address, open);
      socket.once('close', () => {
        openSockets.delete(socket);
        if (!address) return;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
      if (limits.maxConnectionsPerClient > 0 && open > limits.maxConnectionsPerClient) {
        // Answered (429) on its first request; one that says nothing is closed after the headers' allowance.
        overCap.add(socket);
        socket.setTimeout(Math.min(limits.idleTimeoutMs, limits.headersTimeoutMs));
      }
    });

    // A silence of idleTimeoutMs on a connection. With this listener Node leaves the decision to us.
    server.on('timeout', (socket: Socket) => {
      const latest = latestRequest.get(socket);
      const busy = latest && !latest.response.writableFinished && !latest.response.destroyed;
      // Nothing under way: a connection that never sent a request, or a keep-alive one past its time.
      if (!busy || overCap.has(socket)) return void socket.destroy();
      // The client stopped sending its body.
      if (!latest.request.complete && !latest.response.headersSent) return answerOnSocket(socket, 408, 'request_timeout', headers);
      // The client stopped reading the answer.
      if (latest.response.headersSent && socket.writableLength > 0) return void socket.destroy();
      // Otherwise the client is waiting for the server, which is still preparing the answer.
    });
    return server;
  };
}

// Opens a server-sent event stream on a route's reply: the reply is taken over from Fastify, the connection's
// idle timeout is lifted (a stream is quiet between events by design; the heartbeat finds clients that went
// away), and `onClose` runs once when the client goes. Used by /api/events and a conversation's payment events.
// A HEAD of a stream gets the same status and headers at once, and the connection is free again: no stream is
// opened, so it holds none of the client's places.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A comment line every 25 s keeps proxies from closing a quiet stream and finds dead clients. */
export const EVENT_STREAM_HEARTBEAT_MS = 25_000;

const streamHeaders = (app: FastifyInstance) => ({
  ...app.securityHeaders.resource,
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
});

export function openEventStream(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, onClose: () => void): void {
  reply.hijack();
  request.raw.socket?.setTimeout?.(0);
  reply.raw.writeHead(200, { ...streamHeaders(app), connection: 'keep-alive' });
  reply.raw.write('retry: 3000\n: conectado\n\n');
  const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), EVENT_STREAM_HEARTBEAT_MS);
  heartbeat.unref();
  reply.raw.once('close', () => {
    clearInterval(heartbeat);
    onClose();
  });
}

/**
 * A HEAD of a stream: the GET's status and headers, no body, answered now. Node discards what a handler would
 * write to a HEAD answer and sends the headers only with the first byte of a body, so a stream opened for a
 * HEAD never answered and held its place until the client gave up.
 */
export function answerEventStreamHead(app: FastifyInstance, reply: FastifyReply): FastifyReply {
  reply.hijack();
  reply.raw.writeHead(200, streamHeaders(app));
  reply.raw.end();
  return reply;
}

// Opens a server-sent event stream on a route's reply: the reply is taken over from Fastify, the connection's
// idle timeout is lifted (a stream is quiet between events by design; the heartbeat finds clients that went
// away), and `onClose` runs once when the client goes. Used by /api/events and a conversation's payment events.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A comment line every 25 s keeps proxies from closing a quiet stream and finds dead clients. */
export const EVENT_STREAM_HEARTBEAT_MS = 25_000;

export function openEventStream(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, onClose: () => void): void {
  reply.hijack();
  request.raw.socket?.setTimeout?.(0);
  reply.raw.writeHead(200, {
    ...app.securityHeaders.resource,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  reply.raw.write('retry: 3000\n: conectado\n\n');
  const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), EVENT_STREAM_HEARTBEAT_MS);
  heartbeat.unref();
  reply.raw.once('close', () => {
    clearInterval(heartbeat);
    onClose();
  });
}

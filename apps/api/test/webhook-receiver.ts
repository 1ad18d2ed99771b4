// A webhook receiver on loopback for tests: records every request (and every TCP connection, so a
// test can show that a refused target was never reached), answers as the test decides, and notices
// when one message id is being delivered twice at the same time.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: Record<string, string>;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Resolve to answer; a promise that never resolves holds the request open. */
  after?: Promise<void>;
}

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedWebhook[];
  /** TCP connections accepted, whether or not a request followed. */
  readonly connections: number;
  /** Message ids that arrived while a request with the same id was still being answered. */
  concurrentDuplicates: string[];
  reply(responder: (request: ReceivedWebhook, index: number) => Reply): void;
  close(): Promise<void>;
}

export async function startReceiver(responder: (request: ReceivedWebhook, index: number) => Reply = () => ({ status: 204 })): Promise<Receiver> {
  const requests: ReceivedWebhook[] = [];
  const inFlight = new Set<string>();
  const concurrentDuplicates: string[] = [];
  let connections = 0;
  let respond = responder;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
      );
      const received: ReceivedWebhook = {
        id: headers['webhook-id'] ?? '',
        timestamp: headers['webhook-timestamp'] ?? '',
        signature: headers['webhook-signature'] ?? '',
        body,
        headers,
      };
      if (inFlight.has(received.id)) concurrentDuplicates.push(received.id);
      inFlight.add(received.id);
      // A sender that gives up (timeout, killed process) ends this delivery too.
      response.on('close', () => inFlight.delete(received.id));
      const index = requests.push(received) - 1;
      const reply = respond(received, index);
      void (reply.after ?? Promise.resolve()).then(() => {
        inFlight.delete(received.id);
        if (!response.destroyed) response.writeHead(reply.status, reply.headers).end();
      });
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    requests,
    get connections() {
      return connections;
    },
    concurrentDuplicates,
    reply(next) {
      respond = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

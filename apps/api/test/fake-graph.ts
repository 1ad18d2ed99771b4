// Meta's Graph API for tests, on loopback: records every POST /{phone-number-id}/messages (its bearer and
// JSON body) and answers as Meta does, with the new message's id in messages[0].id. A test makes it fail
// (an HTTP status for every call, or for the next few) to see sends retried and then kept as failed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GraphCall {
  phoneNumberId: string;
  authorization: string | undefined;
  body: Record<string, unknown> & { to?: string; type?: string; text?: { body: string }; interactive?: Record<string, unknown> };
  /** The id answered (absent when the call was failed on purpose). */
  id?: string;
  status: number;
}

export interface FakeGraph {
  /** The WHATSAPP_API_URL to give the app (the base with a version, as Meta's). */
  apiUrl: string;
  calls: GraphCall[];
  /** The calls answered with an id, in order. */
  sent(): GraphCall[];
  /** Every call answers this status (and Meta's error body) until `failWith(null)`. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const calls: GraphCall[] = [];
  let failure: number | null = null;
  let counter = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/v21\.0\/([^/]+)\/messages$/.exec(request.url ?? '');
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || !match) return answer(404, { error: { message: 'Unknown path', code: 100 } });
      let body: GraphCall['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as GraphCall['body'];
      } catch {
        return answer(400, { error: { message: 'Invalid JSON', code: 100 } });
      }
      const call: GraphCall = { phoneNumberId: decodeURIComponent(match[1]!), authorization: request.headers.authorization, body, status: failure ?? 200 };
      calls.push(call);
      if (failure !== null) return answer(failure, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } });
      counter += 1;
      call.id = `wamid.TESTE${String(counter).padStart(6, '0')}`;
      answer(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: call.id }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/v21.0`,
    calls,
    sent: () => calls.filter((call) => call.id !== undefined),
    failWith(status) {
      failure = status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

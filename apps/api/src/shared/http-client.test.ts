import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundFetch } from './http-client.ts';

describe('outbound fetch', () => {
  const seen: http.IncomingHttpHeaders[] = [];
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push(request.headers);
      // '/slow' never answers: only a time limit ends the call.
      if (request.url === '/slow') return;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('names us in the User-Agent unless the caller sets one', async () => {
    const outbound = createOutboundFetch({ userAgent: 'Vitrine/teste', defaultTimeoutMs: 2_000 });
    await (await outbound(`${base}/a`)).text();
    await (await outbound(`${base}/b`, { headers: { 'user-agent': 'outro' } })).text();
    expect(seen.map((headers) => headers['user-agent'])).toEqual(['Vitrine/teste', 'outro']);
  });

  it('ends a call that brings no signal at the default limit, and leaves a caller signal alone', async () => {
    const outbound = createOutboundFetch({ userAgent: 'Vitrine/teste', defaultTimeoutMs: 200 });
    await expect(outbound(`${base}/slow`)).rejects.toMatchObject({ name: 'TimeoutError' });
    const controller = new AbortController();
    const call = outbound(`${base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 400);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});

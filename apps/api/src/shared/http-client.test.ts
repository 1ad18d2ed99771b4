// The one outbound client. Only loopback listeners are used: "public" in these tests is a policy
// that allows one loopback address (127.0.0.2) and refuses the rest, so that an allowed server and a
// forbidden one can both run on this machine; every private target below is refused before a
// connection exists, so no traffic leaves the machine.
import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundFetch, type OutboundClient } from './http-client.ts';
import { anyAddress, isForbiddenAddress, type Resolver } from './outbound-address.ts';

interface TestServer {
  host: string;
  port: number;
  base: string;
  requests: { url: string; method: string; headers: http.IncomingHttpHeaders }[];
  readonly connections: number;
  close(): Promise<void>;
}

/** A loopback server on `host`; `handle` answers (nothing written leaves the request open). */
async function serve(host: string, handle: (request: http.IncomingMessage, response: http.ServerResponse) => void): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    requests.push({ url: request.url ?? '', method: request.method ?? '', headers: request.headers });
    handle(request, response);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    host,
    port,
    base: `http://${host}:${port}`,
    requests,
    get connections() {
      return connections;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A DNS that answers what an attacker controls: names in `records`, nothing else. */
function fakeDns(records: Record<string, string>) {
  const asked: string[] = [];
  const resolve: Resolver = (hostname, _options, callback) => {
    asked.push(hostname);
    const address = records[hostname];
    if (!address) callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    else callback(null, [{ address, family: address.includes(':') ? 6 : 4 } satisfies dns.LookupAddress]);
  };
  return { resolve, asked };
}

const ALLOWED = '127.0.0.2';
/** Stands for "public addresses only": the allowed server's address, nothing else. */
const onlyAllowed = (address: string) => address === ALLOWED;

const clients: OutboundClient[] = [];
function client(options: Partial<Parameters<typeof createOutboundFetch>[0]> = {}) {
  const made = createOutboundFetch({ userAgent: 'Vitrine/teste', defaultTimeoutMs: 2_000, ...options });
  clients.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((made) => made.close()));
});

let internal: TestServer;
beforeAll(async () => {
  // Stands for whatever must not be reached: a database, an admin console, a metadata service.
  internal = await serve('127.0.0.1', (request, response) => {
    if (request.url === '/slow') return;
    response.end('interno');
  });
});
afterAll(() => internal.close());

describe('outbound fetch: what every request gets', () => {
  it('names us in the User-Agent unless the caller sets one', async () => {
    const outbound = client({ policy: anyAddress });
    const before = internal.requests.length;
    await (await outbound(`${internal.base}/a`)).text();
    await (await outbound(`${internal.base}/b`, { headers: { 'user-agent': 'outro' } })).text();
    expect(internal.requests.slice(before).map((request) => request.headers['user-agent'])).toEqual(['Vitrine/teste', 'outro']);
  });

  it('ends every call at the default limit, with or without a caller signal, and a caller signal can end it sooner', async () => {
    const outbound = client({ policy: anyAddress, defaultTimeoutMs: 200 });
    await expect(outbound(`${internal.base}/slow`)).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(outbound(`${internal.base}/slow`, { signal: new AbortController().signal })).rejects.toMatchObject({ name: 'TimeoutError' });

    const patient = client({ policy: anyAddress, defaultTimeoutMs: 10_000 });
    const controller = new AbortController();
    const call = patient(`${internal.base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses schemes other than http and https', async () => {
    const outbound = client({ policy: anyAddress });
    await expect(outbound('file:///etc/passwd')).rejects.toMatchObject({ code: 'protocol' });
    await expect(outbound(`ftp://127.0.0.1:${internal.port}/`)).rejects.toMatchObject({ code: 'protocol' });
    await expect(outbound(`http://a:b@127.0.0.1:${internal.port}/`)).rejects.toMatchObject({ code: 'credentials' });
  });
});

describe('outbound fetch: addresses', () => {
  it.each([
    ['loopback', () => `http://127.0.0.1:${internal.port}/`, '127.0.0.1'],
    ['loopback as one decimal number', () => `http://2130706433:${internal.port}/`, '127.0.0.1'],
    ['loopback in octal', () => `http://0177.0.0.1:${internal.port}/`, '127.0.0.1'],
    ['loopback in hex, short', () => `http://0x7f.1:${internal.port}/`, '127.0.0.1'],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${internal.port}/`, '::ffff:7f00:1'],
    ['IPv4-mapped loopback in hex', () => `http://[::ffff:7f00:1]:${internal.port}/`, '::ffff:7f00:1'],
    ['the unspecified address', () => `http://0.0.0.0:${internal.port}/`, '0.0.0.0'],
    ['IPv6 loopback', () => `http://[::1]:${internal.port}/`, '::1'],
    ['the cloud metadata service', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['a private address', () => 'http://10.0.0.1/', '10.0.0.1'],
  ])('refuses %s written in the URL before connecting', async (_name, url, address) => {
    const outbound = client();
    const connections = internal.connections;
    await expect(outbound(url())).rejects.toMatchObject({ name: 'OutboundError', code: 'forbidden_address', address });
    expect(internal.connections).toBe(connections);
  });

  it('refuses, when connecting, a public-looking name that resolves to loopback (DNS rebinding)', async () => {
    const dns = fakeDns({ 'api.example.test': '127.0.0.1' });
    const outbound = client({ resolve: dns.resolve });
    const connections = internal.connections;

    await expect(
      outbound(`http://api.example.test:${internal.port}/`, { method: 'POST', body: '{}', headers: { authorization: 'Bearer sk-segredo' } }),
    ).rejects.toMatchObject({ code: 'forbidden_address', message: expect.not.stringContaining('sk-segredo') });
    expect(dns.asked).toEqual(['api.example.test']);
    expect(internal.connections).toBe(connections);
  });

  it('reaches the same loopback server when the policy allows every address (ALLOW_PRIVATE_WEBHOOKS)', async () => {
    const dns = fakeDns({ 'api.example.test': '127.0.0.1' });
    const outbound = client({ resolve: dns.resolve, policy: anyAddress });
    expect(await (await outbound(`http://api.example.test:${internal.port}/`)).text()).toBe('interno');
  });
});

describe('outbound fetch: redirects', () => {
  let allowed: TestServer;
  beforeAll(async () => {
    allowed = await serve(ALLOWED, (request, response) => {
      const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to');
      if (to) {
        response.writeHead(302, { location: to }).end();
        return;
      }
      if (request.url === '/loop') {
        response.writeHead(301, { location: '/loop' }).end();
        return;
      }
      response.end(`ok ${request.url}`);
    });
  });
  afterAll(() => allowed.close());

  it('follows a GET redirect within the allowed addresses', async () => {
    const outbound = client({ policy: onlyAllowed });
    const response = await outbound(`${allowed.base}/?to=/final`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok /final');
  });

  it('does not follow a redirect from an allowed server to a loopback address, however it is written', async () => {
    const dns = fakeDns({ 'allowed.test': ALLOWED, 'internal.test': '127.0.0.1' });
    const outbound = client({ policy: onlyAllowed, resolve: dns.resolve });
    const connections = internal.connections;

    for (const target of [`http://127.0.0.1:${internal.port}/`, `http://2130706433:${internal.port}/`, `http://internal.test:${internal.port}/`]) {
      await expect(outbound(`http://allowed.test:${allowed.port}/?to=${encodeURIComponent(target)}`)).rejects.toMatchObject({
        code: 'forbidden_address',
        address: '127.0.0.1',
      });
    }
    expect(dns.asked).toContain('internal.test');
    expect(internal.connections).toBe(connections);
    expect(allowed.requests.length).toBeGreaterThanOrEqual(3);
  });

  it('drops the credentials when a redirect leaves the origin', async () => {
    const dns = fakeDns({ 'allowed.test': ALLOWED, 'other.test': ALLOWED });
    const outbound = client({ policy: onlyAllowed, resolve: dns.resolve });
    const before = allowed.requests.length;

    const response = await outbound(`http://allowed.test:${allowed.port}/?to=${encodeURIComponent(`http://other.test:${allowed.port}/after`)}`, {
      headers: { authorization: 'Bearer sk-segredo' },
    });

    expect(await response.text()).toBe('ok /after');
    const [first, second] = allowed.requests.slice(before);
    expect(first!.headers.authorization).toBe('Bearer sk-segredo');
    expect(second!.headers.host).toBe(`other.test:${allowed.port}`);
    expect(second!.headers.authorization).toBeUndefined();
  });

  it('never follows the redirect of a POST: the caller gets the 3xx answer', async () => {
    const outbound = client({ policy: onlyAllowed });
    const before = allowed.requests.length;
    const response = await outbound(`${allowed.base}/?to=/elsewhere`, { method: 'POST', body: '{}', headers: { authorization: 'Bearer sk-segredo' } });
    expect(response.status).toBe(302);
    expect(allowed.requests.slice(before).map((request) => request.url)).toEqual(['/?to=/elsewhere']);
  });

  it('stops after the redirect limit', async () => {
    const outbound = client({ policy: onlyAllowed, maxRedirects: 2 });
    const before = allowed.requests.length;
    await expect(outbound(`${allowed.base}/loop`)).rejects.toMatchObject({ code: 'too_many_redirects' });
    expect(allowed.requests.length - before).toBe(3);
  });
});

describe('outbound fetch: answer size', () => {
  let big: TestServer;
  beforeAll(async () => {
    big = await serve('127.0.0.1', (request, response) => {
      const size = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('bytes'));
      if (request.url?.startsWith('/declared')) {
        response.writeHead(200, { 'content-length': String(size) }).end(Buffer.alloc(size, 97));
        return;
      }
      // Streamed (chunked, no length): 1 KiB at a time, as an SSE stream would come.
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      let sent = 0;
      const write = () => {
        while (sent < size) {
          sent += 1024;
          if (!response.write(Buffer.alloc(1024, 98))) return response.once('drain', write);
        }
        response.end();
      };
      write();
    });
  });
  afterAll(() => big.close());

  it('reads an answer within the limit whole', async () => {
    const outbound = client({ policy: anyAddress, maxResponseBytes: 10_000 });
    expect((await (await outbound(`${big.base}/declared?bytes=10000`)).arrayBuffer()).byteLength).toBe(10_000);
    expect((await (await outbound(`${big.base}/stream?bytes=9216`)).arrayBuffer()).byteLength).toBe(9_216);
  });

  it('refuses an answer whose declared length passes the limit', async () => {
    const outbound = client({ policy: anyAddress, maxResponseBytes: 10_000 });
    await expect(outbound(`${big.base}/declared?bytes=10001`)).rejects.toMatchObject({ code: 'response_too_large' });
  });

  it('cuts a streamed answer once it passes the limit', async () => {
    const outbound = client({ policy: anyAddress, maxResponseBytes: 10_000 });
    const response = await outbound(`${big.base}/stream?bytes=${1024 * 1024}`);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let read = 0;
    const error = await (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return undefined;
          read += value.byteLength;
        }
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toMatchObject({ code: 'response_too_large' });
    expect(read).toBeLessThanOrEqual(10_000);
  });
});

describe('addresses the server may connect to', () => {
  it.each([
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['2606:4700::1111', false],
    ['::ffff:8.8.8.8', false],
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['0.0.0.0', true],
    ['0.1.2.3', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.0.1', true],
    ['100.64.0.1', true],
    ['100.127.255.255', true],
    ['169.254.169.254', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['240.0.0.1', true],
    ['::', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:10.0.0.1', true],
    ['::7f00:1', true],
    ['::127.0.0.1', true],
    ['fc00::1', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['ff02::1', true],
    ['64:ff9b::7f00:1', true],
    ['64:ff9b::a00:1', true],
    ['2002:7f00:1::', true],
    ['2002:c0a8:101::', true],
    ['2001::1', true],
    ['não é ip', true],
  ])('%s is refused: %s', (address, refused) => {
    expect(isForbiddenAddress(address)).toBe(refused);
  });

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://017700000001/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
  ])('the URL parser writes %s as %s before the check', (url, hostname) => {
    expect(new URL(url).hostname).toBe(hostname);
  });
});

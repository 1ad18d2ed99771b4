// Server-side request forgery: each target below must be refused before any connection is made.
// Only loopback listeners are used; private-range targets are refused before a request exists, so
// no traffic ever leaves this machine.
import type dns from 'node:dns';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver.ts';
import { sendWebhook } from './webhook-sender.ts';
import { checkWebhookUrl, isForbiddenAddress, type Resolver } from './webhook-target.ts';
import { newEndpointSecret } from './webhooks.repository.ts';

let listener: Receiver;
beforeEach(async () => {
  listener = await startReceiver();
});
afterEach(async () => {
  await listener.close();
});

/** A DNS that answers what an attacker controls: names in `records`, nothing else. */
function fakeDns(records: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolver = (hostname, _options, callback) => {
    asked.push(hostname);
    const addresses = records[hostname];
    if (!addresses) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
      return;
    }
    callback(
      null,
      addresses.map((address): dns.LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return { resolve, asked };
}

const send = (url: string, options: { allowPrivate?: boolean; resolve?: Resolver } = {}) =>
  sendWebhook(
    { url, secret: newEndpointSecret(), messageId: 'msg_ssrf', body: '{}' },
    { allowPrivate: options.allowPrivate ?? false, timeoutMs: 5_000, resolve: options.resolve },
  );

describe('webhook targets the server refuses to reach', () => {
  const port = () => listener.port;

  it.each([
    ['loopback', () => `http://127.0.0.1:${port()}/hooks`],
    ['loopback written short', () => `http://127.1:${port()}/hooks`],
    ['loopback written as one number', () => `http://2130706433:${port()}/hooks`],
    ['loopback written in hex', () => `http://0x7f.0.0.1:${port()}/hooks`],
    ['the unspecified address', () => `http://0.0.0.0:${port()}/hooks`],
    ['IPv6 loopback', () => `http://[::1]:${port()}/hooks`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port()}/hooks`],
    ['the cloud metadata service (link-local)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private 10/8 address', () => 'http://10.0.0.1/'],
    ['a private 192.168/16 address', () => 'http://192.168.1.1/'],
    ['a private 172.16/12 address', () => 'http://172.16.0.1/'],
    ['a carrier-grade NAT address', () => 'http://100.64.0.1/'],
    ['an IPv6 unique-local address', () => 'http://[fd00::1]/'],
    ['an IPv6 link-local address', () => 'http://[fe80::1]/'],
    ['a NAT64 form of loopback', () => `http://[64:ff9b::7f00:1]:${port()}/`],
  ])('refuses %s before any request is made', async (_what, target) => {
    const result = await send(target());

    // The address is written in the URL, so Node would connect without a lookup: only the check
    // made before the request refuses it (a connection attempt would fail otherwise, not be refused).
    expect(result).toMatchObject({ ok: false, refused: true });
    expect((result as { error: string }).error).toMatch(/é local, privado ou reservado/);
    expect(listener.connections).toBe(0);
  });

  it.each([
    ['a file: URL', () => 'file:///etc/passwd', 'A URL do webhook deve começar com http:// ou https://.'],
    ['a gopher: URL', () => `gopher://127.0.0.1:${port()}/_SET%20x`, 'A URL do webhook deve começar com http:// ou https://.'],
    ['credentials in the URL', () => 'http://admin:senha@hooks.example.com/', 'A URL do webhook não pode conter usuário ou senha.'],
    ['not a URL at all', () => 'hooks.example.com/x', 'URL do webhook inválida.'],
  ])('refuses %s before any request is made', async (_what, target, message) => {
    expect(await send(target())).toEqual({ ok: false, refused: true, error: message });
    expect(listener.connections).toBe(0);
  });

  it('refuses a name that resolves to loopback (localhost) when it connects', async () => {
    const result = await send(`http://localhost:${port()}/hooks`);

    expect(result).toMatchObject({ ok: false, refused: true });
    expect(listener.connections).toBe(0);
  });

  it('refuses a name whose DNS answer changed to loopback after it was saved (DNS rebinding)', async () => {
    const dns = fakeDns({ 'hooks.example.test': ['127.0.0.1'] });
    // Saving the URL resolves nothing, so it is accepted...
    expect(checkWebhookUrl(`http://hooks.example.test:${port()}/`, { allowPrivate: false }).hostname).toBe('hooks.example.test');

    // ...and the address is checked at the moment of connecting.
    const result = await send(`http://hooks.example.test:${port()}/hooks`, { resolve: dns.resolve });

    expect(result).toEqual({
      ok: false,
      refused: true,
      error: 'O endereço 127.0.0.1 é local, privado ou reservado: webhooks só podem ir para endereços públicos.',
    });
    expect(dns.asked).toEqual(['hooks.example.test']);
    expect(listener.connections).toBe(0);
  });

  it('refuses a name with a private address among public ones, so the address used cannot be steered', async () => {
    const dns = fakeDns({ 'mixed.example.test': ['93.184.216.34', '10.0.0.5'] });

    const result = await send('http://mixed.example.test/hooks', { resolve: dns.resolve });

    expect(result).toMatchObject({ ok: false, refused: true });
    expect((result as { error: string }).error).toContain('10.0.0.5');
    // Refused by the lookup made while connecting, not before a request existed.
    expect(dns.asked).toEqual(['mixed.example.test']);
  });

  it('refuses an IPv6 answer that maps to loopback', async () => {
    const dns = fakeDns({ 'v6.example.test': ['::ffff:127.0.0.1'] });

    expect(await send(`http://v6.example.test:${port()}/`, { resolve: dns.resolve })).toMatchObject({ ok: false, refused: true });
    expect(listener.connections).toBe(0);
  });

  it('reaches the same loopback listener when private addresses are allowed (development and tests)', async () => {
    expect(await send(`http://127.1:${port()}/hooks`, { allowPrivate: true })).toEqual({ ok: true, statusCode: 204 });
    expect(await send(`http://localhost:${port()}/hooks`, { allowPrivate: true })).toEqual({ ok: true, statusCode: 204 });
    expect(listener.requests).toHaveLength(2);
  });

  it('still refuses other schemes and credentials when private addresses are allowed', async () => {
    expect(await send(`gopher://127.0.0.1:${port()}/`, { allowPrivate: true })).toMatchObject({ refused: true });
    expect(await send(`http://a:b@127.0.0.1:${port()}/`, { allowPrivate: true })).toMatchObject({ refused: true });
    expect(listener.connections).toBe(0);
  });
});

describe('addresses a webhook may use', () => {
  it.each([
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['2606:4700::1111', false],
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['0.0.0.0', true],
    ['0.1.2.3', true],
    ['10.1.2.3', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.0.1', true],
    ['100.64.0.1', true],
    ['100.127.255.255', true],
    ['169.254.169.254', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['::', true],
    ['::1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['fc00::1', true],
    ['fe80::1', true],
    ['2002:7f00:1::', true],
    ['não é ip', true],
  ])('%s is refused: %s', (address, refused) => {
    expect(isForbiddenAddress(address)).toBe(refused);
  });
});

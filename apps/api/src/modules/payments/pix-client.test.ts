// The API Pix client against a fake PSP over HTTPS with mutual TLS on loopback: the token is fetched
// once and kept, the client certificate is presented, charges and the webhook are sent as the standard
// says, and a PSP that is down or refuses is told apart.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificates, startFakePsp, type FakePsp, type TestCertificates } from '../../../test/fake-psp.ts';
import { createOutboundFetch, type OutboundClient } from '../../shared/http-client.ts';
import { anyAddress } from '../../shared/outbound-address.ts';
import { createPixClient, PixRefusedError, PixUnavailableError } from './pix-client.ts';

let certificates: TestCertificates;
let psp: FakePsp;
const clients: OutboundClient[] = [];

beforeAll(async () => {
  certificates = makeCertificates();
  psp = await startFakePsp(certificates);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await psp.close();
  fs.rmSync(certificates.dir, { recursive: true, force: true });
});

function client(options: { withCertificate?: boolean; secret?: string; clock?: () => Date } = {}) {
  const fetch = createOutboundFetch({
    userAgent: 'Vitrine/teste',
    defaultTimeoutMs: 10_000,
    policy: anyAddress,
    tls: {
      ca: certificates.ca,
      ...(options.withCertificate === false ? {} : { cert: fs.readFileSync(certificates.clientCertFile), key: fs.readFileSync(certificates.clientKeyFile) }),
    },
  });
  clients.push(fetch);
  return createPixClient({
    apiUrl: psp.apiUrl,
    oauthUrl: psp.oauthUrl,
    clientId: psp.clientId,
    clientSecret: options.secret ?? psp.clientSecret,
    fetch,
    clock: options.clock,
  });
}

const TXID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90abc';

describe('API Pix client', () => {
  it('creates and reads a charge with one token, presenting the client certificate', async () => {
    const pix = client();
    const before = psp.tokensIssued;
    const cob = await pix.createCharge(TXID, { amount: 399.9, key: 'pagamentos@vitrine.test', expirySeconds: 1800, payerRequest: 'Plano Premium — Anual' });
    expect(cob).toMatchObject({ txid: TXID, status: 'ATIVA', valor: { original: '399.90' }, calendario: { expiracao: 1800 } });
    expect(cob.pixCopiaECola).toBeTruthy();
    const sent = psp.requests.find((request) => request.method === 'PUT' && request.path === `/v2/cob/${TXID}`)!;
    expect(sent.body).toEqual({
      calendario: { expiracao: 1800 },
      valor: { original: '399.90' },
      chave: 'pagamentos@vitrine.test',
      solicitacaoPagador: 'Plano Premium — Anual',
    });
    expect(sent.clientCn).toBe('loja-vitrine');
    expect(sent.authorization).toMatch(/^Bearer token-/);

    expect((await pix.getCharge(TXID))?.status).toBe('ATIVA');
    psp.pay(TXID, { endToEndId: 'E18236120202611270300abcdefghij1' });
    expect((await pix.getCharge(TXID))?.status).toBe('CONCLUIDA');
    // Three calls, one token.
    expect(psp.tokensIssued - before).toBe(1);
  });

  it('keeps the token until shortly before it expires, and asks for a new one once a token is refused', async () => {
    let now = new Date('2026-11-27T03:00:00Z');
    const pix = client({ clock: () => now });
    const before = psp.tokensIssued;
    await pix.getCharge(TXID);
    now = new Date(now.getTime() + 58 * 60 * 1000);
    await pix.getCharge(TXID);
    expect(psp.tokensIssued - before).toBe(1);
    // The PSP's token lasts 3600 s: a minute before that, a new one.
    now = new Date(now.getTime() + 60 * 1000);
    await pix.getCharge(TXID);
    expect(psp.tokensIssued - before).toBe(2);
    // A token the PSP no longer accepts: one new token, the call succeeds.
    psp.revokeTokens();
    expect((await pix.getCharge(TXID))?.txid).toBe(TXID);
    expect(psp.tokensIssued - before).toBe(3);
  });

  it('an unknown txid is null; the webhook is registered for the key', async () => {
    const pix = client();
    expect(await pix.getCharge('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')).toBeNull();
    await pix.registerWebhook('pagamentos@vitrine.test', 'https://loja.example/api/payments/pix/webhook/abc');
    expect(psp.webhooks.get('pagamentos@vitrine.test')).toBe('https://loja.example/api/payments/pix/webhook/abc');
  });

  it('without the client certificate the TLS handshake is refused: the PSP is unavailable, not a refusal', async () => {
    const pix = client({ withCertificate: false });
    await expect(pix.getCharge(TXID)).rejects.toBeInstanceOf(PixUnavailableError);
  });

  it('wrong credentials are a refusal whose message carries no secret', async () => {
    const pix = client({ secret: 'segredo-errado-do-cliente-999' });
    const error = await pix.getCharge(TXID).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PixRefusedError);
    expect((error as Error).message).toContain('HTTP 401');
    expect((error as Error).message).not.toContain('segredo-errado');
  });

  it('a PSP that is down is unavailable (try again later)', async () => {
    const pix = client();
    psp.down = true;
    try {
      await expect(pix.getCharge(TXID)).rejects.toBeInstanceOf(PixUnavailableError);
    } finally {
      psp.down = false;
    }
  });
});

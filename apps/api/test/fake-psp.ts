// A PSP for tests: the Banco Central's API Pix (OAuth 2 client credentials, PUT/GET /cob/{txid},
// PUT /webhook/{chave}) over HTTPS with mutual TLS on loopback. Its certificates (an authority, the
// server's for 127.0.0.1 and a client's) are made by openssl for each run; a client without the client
// certificate is refused in the TLS handshake. The test pays a charge, takes the PSP down, or lies.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { diskScratchRoot } from './scratch.ts';

export interface TestCertificates {
  dir: string;
  caFile: string;
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCertFile: string;
  clientKeyFile: string;
}

/** An authority, a server certificate for 127.0.0.1 and a client certificate, in a new temporary directory. */
export function makeCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(diskScratchRoot, 'vitrine-psp-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=Fake PSP CA');
  fs.writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.crt',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  );
  fs.writeFileSync(file('client.ext'), 'extendedKeyUsage=clientAuth\n');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'client.key', '-out', 'client.csr', '-subj', '/CN=loja-vitrine');
  openssl(
    'x509',
    '-req',
    '-in',
    'client.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'client.crt',
    '-days',
    '2',
    '-extfile',
    'client.ext',
  );
  const read = (name: string) => fs.readFileSync(file(name), 'utf8');
  return {
    dir,
    caFile: file('ca.crt'),
    ca: read('ca.crt'),
    serverCert: read('server.crt'),
    serverKey: read('server.key'),
    clientCertFile: file('client.crt'),
    clientKeyFile: file('client.key'),
  };
}

export interface FakeCob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  loc: { id: number; location: string; tipoCob: 'cob' };
  location: string;
  pixCopiaECola: string;
  pix?: { endToEndId: string; txid: string; valor: string; horario: string }[];
}

export interface PspRequest {
  method: string;
  path: string;
  body: unknown;
  /** The client certificate's common name. */
  clientCn: string | null;
  authorization: string | null;
}

export interface FakePsp {
  apiUrl: string;
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  charges: Map<string, FakeCob>;
  webhooks: Map<string, string>;
  requests: PspRequest[];
  tokensIssued: number;
  /** Every request answers 503 while true. */
  down: boolean;
  /** The charge is paid: CONCLUIDA with one received PIX (its value, by default the charge's). */
  pay(txid: string, pix: { endToEndId: string; valor?: string; horario?: string }): void;
  /** Every token issued so far stops being accepted. */
  revokeTokens(): void;
  /** The env variables that point the app at this PSP. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

let e2eCounter = 0;
/** An end-to-end id as the SPI makes them: E + ISPB (8 digits) + date and time + 11 characters. */
export const newEndToEndId = () => `E18236120202611270300${String(++e2eCounter).padStart(11, '0')}`.slice(0, 32);

export async function startFakePsp(certificates: TestCertificates = makeCertificates()): Promise<FakePsp> {
  const clientId = 'vitrine-client';
  const clientSecret = 'segredo-do-cliente-no-psp-123';
  const charges = new Map<string, FakeCob>();
  const webhooks = new Map<string, string>();
  const requests: PspRequest[] = [];
  const tokens = new Set<string>();
  let locationId = 0;

  const server = https.createServer(
    { key: certificates.serverKey, cert: certificates.serverCert, ca: certificates.ca, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      let raw = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (raw += chunk));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'https://127.0.0.1');
        const peer = (request.socket as TLSSocket).getPeerCertificate();
        let body: unknown = raw;
        try {
          body = raw && request.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw;
        } catch {
          body = raw;
        }
        requests.push({
          method: request.method ?? '',
          path: url.pathname,
          body,
          clientCn: (peer?.subject?.CN as string | undefined) ?? null,
          authorization: request.headers.authorization ?? null,
        });
        const send = (status: number, value?: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(value === undefined ? '' : JSON.stringify(value));
        };
        const problem = (status: number, title: string, detail: string) =>
          send(status, { type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, detail });
        if (psp.down) return problem(503, 'ServicoIndisponivel', 'Serviço indisponível.');

        if (request.method === 'POST' && url.pathname === '/oauth/token') {
          const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
          if (request.headers.authorization !== expected || !String(raw).includes('grant_type=client_credentials'))
            return send(401, { error: 'invalid_client' });
          const token = `token-${++psp.tokensIssued}-${Math.random().toString(36).slice(2)}`;
          tokens.add(token);
          return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read webhook.write' });
        }
        const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
        if (!tokens.has(bearer)) return problem(401, 'AcessoNegado', 'Token ausente ou inválido.');

        const cob = url.pathname.match(/^\/v2\/cob\/([^/]+)$/);
        if (cob && request.method === 'PUT') {
          const txid = cob[1]!;
          const input = body as { calendario?: { expiracao?: number }; valor?: { original?: string }; chave?: string; solicitacaoPagador?: string };
          if (!/^[a-zA-Z0-9]{26,35}$/.test(txid)) return problem(400, 'CobOperacaoInvalida', 'txid inválido.');
          if (!input.valor?.original || !/^\d{1,10}\.\d{2}$/.test(input.valor.original) || !input.chave)
            return problem(400, 'CobOperacaoInvalida', 'Cobrança inválida.');
          if (charges.has(txid)) return problem(409, 'CobOperacaoInvalida', 'txid já utilizado.');
          const id = ++locationId;
          const location = `pix.fakepsp.test/qr/v2/${id.toString().padStart(8, '0')}`;
          const created: FakeCob = {
            txid,
            status: 'ATIVA',
            calendario: { criacao: new Date().toISOString(), expiracao: input.calendario?.expiracao ?? 86400 },
            valor: { original: input.valor.original },
            chave: input.chave,
            solicitacaoPagador: input.solicitacaoPagador,
            loc: { id, location, tipoCob: 'cob' },
            location,
            pixCopiaECola: `00020101021226830014br.gov.bcb.pix2561${location}520400005303986540${input.valor.original.length}${input.valor.original}5802BR5913Fake PSP Loja6009SAO PAULO62070503***6304ABCD`,
          };
          charges.set(txid, created);
          return send(201, created);
        }
        if (cob && request.method === 'GET') {
          const found = charges.get(cob[1]!);
          return found ? send(200, found) : problem(404, 'CobNaoEncontrado', 'Cobrança não encontrada.');
        }
        const webhook = url.pathname.match(/^\/v2\/webhook\/([^/]+)$/);
        if (webhook && request.method === 'PUT') {
          const webhookUrl = (body as { webhookUrl?: string }).webhookUrl;
          if (!webhookUrl) return problem(400, 'WebhookOperacaoInvalida', 'webhookUrl ausente.');
          webhooks.set(decodeURIComponent(webhook[1]!), webhookUrl);
          return send(200);
        }
        return problem(404, 'NaoEncontrado', 'Recurso não encontrado.');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;

  const psp: FakePsp = {
    apiUrl: `${origin}/v2`,
    oauthUrl: `${origin}/oauth/token`,
    clientId,
    clientSecret,
    charges,
    webhooks,
    requests,
    tokensIssued: 0,
    down: false,
    pay(txid, pix) {
      const charge = charges.get(txid);
      if (!charge) throw new Error(`cobrança ${txid} não existe no PSP`);
      charge.status = 'CONCLUIDA';
      charge.pix = [{ endToEndId: pix.endToEndId, txid, valor: pix.valor ?? charge.valor.original, horario: pix.horario ?? new Date().toISOString() }];
    },
    revokeTokens() {
      tokens.clear();
    },
    env() {
      return {
        PIX_API_URL: psp.apiUrl,
        PIX_OAUTH_URL: psp.oauthUrl,
        PIX_CLIENT_ID: clientId,
        PIX_CLIENT_SECRET: clientSecret,
        PIX_CERT_FILE: certificates.clientCertFile,
        PIX_KEY_FILE: certificates.clientKeyFile,
        PIX_CA_FILE: certificates.caFile,
        PIX_WEBHOOK_SECRET: 'segredo-do-webhook-pix-0123456789',
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return psp;
}

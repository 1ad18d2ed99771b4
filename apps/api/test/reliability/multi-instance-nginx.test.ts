// The multi-instance recipe of docs/operations.md, run for real: two instances on one PostgreSQL and one
// S3 bucket behind Debian's nginx (round robin, HTTP/1.1 keep-alive upstreams, the event stream unbuffered).
// A header picks an instance when a step must cross from one to the other; nginx says which one answered.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { adminEnv, sessionCookie } from '../../src/modules/access/access.test-support.ts';
import { multipartBody, PNG } from '../../src/modules/uploads/uploads.test-support.ts';
import { testEnv } from '../app.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../database.ts';
import { findNginx, startNginx, tempPaths, type Nginx } from '../nginx.ts';
import { startS3Server, type TestS3Server } from '../s3-server.ts';
import { connectSse, type SseClient } from '../sse.ts';
import { waitUntil } from '../wait.ts';

/** The configuration docs/operations.md recommends, with this test's ports and its own pid, log and temp paths. */
function nginxConfig({ dir, port, a, b, runAsRoot }: { dir: string; port: number; a: number; b: number; runAsRoot: boolean }) {
  const proxied = `
      proxy_pass http://$backend;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      add_header X-Upstream $upstream_addr always;`;
  return `
${runAsRoot ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  # The PSP's webhook carries its secret in the path: the access log writes it as [oculto].
  map $request_uri $vitrine_logged_uri {
    ~^(?<prefix>/api/payments/pix/webhook/)[^/?]+(?<rest>.*)$ $prefix[oculto]$rest;
    default $request_uri;
  }
  log_format vitrine '$remote_addr - $remote_user [$time_local] "$request_method $vitrine_logged_uri $server_protocol" '
                     '$status $body_bytes_sent "$http_referer" "$http_user_agent"';
  ${tempPaths(dir)}
  upstream vitrine { server 127.0.0.1:${a}; server 127.0.0.1:${b}; keepalive 16; }
  upstream instance_a { server 127.0.0.1:${a}; keepalive 4; }
  upstream instance_b { server 127.0.0.1:${b}; keepalive 4; }
  map $http_x_test_instance $backend { a instance_a; b instance_b; default vitrine; }
  server {
    listen 127.0.0.1:${port};
    access_log ${dir}/access.log vitrine;
    client_max_body_size 510m;
    location / {${proxied}
    }
    # The event stream: every event goes out as it is written, and an idle stream (a heartbeat every 25 s) stays open.
    location = /api/events {${proxied}
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

describe.skipIf(testDbKind() !== 'postgres')(
  'two instances behind nginx on one PostgreSQL and one S3 bucket (PostgreSQL only: PGlite is one process)',
  { timeout: 180_000 },
  () => {
    let database: TestDatabase;
    let second: DatabaseHandle;
    let s3: TestS3Server;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let ports: { a: number; b: number };
    let nginx: Nginx;
    const streams: SseClient[] = [];
    const ORIGIN = 'http://localhost:3000';

    beforeAll(async () => {
      findNginx();
      database = await createTestDatabase('postgres');
      second = await openDatabase({ databaseUrl: database.url!, poolSize: 5 });
      s3 = await startS3Server();
      const env = testEnv({ ...adminEnv, ...s3.env, TRUST_PROXY: 'true' });
      a = await buildApp({ env, database, jobs: false });
      b = await buildApp({ env, database: second, jobs: false });
      const port = async (app: FastifyInstance) => Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
      ports = { a: await port(a), b: await port(b) };
      nginx = await startNginx((dir, port) => nginxConfig({ dir, port, ...ports, runAsRoot: process.getuid?.() === 0 }));
    });

    afterAll(async () => {
      for (const stream of streams) stream.close();
      await nginx?.stop();
      await b?.close();
      await a?.close();
      await second?.close();
      await database?.close();
      await s3?.stop();
    });

    const through = (instance: 'a' | 'b' | undefined, url: string, init: RequestInit = {}) =>
      fetch(`${nginx.base}${url}`, {
        ...init,
        headers: { ...(instance ? { 'x-test-instance': instance } : {}), ...(init.headers as Record<string, string> | undefined) },
      });
    const answeredBy = (response: Response) => Number(response.headers.get('x-upstream')?.split(':').at(-1));

    it("the access log writes the PIX webhook's secret as [oculto], at both of its addresses", async () => {
      const secret = 'segredo-do-webhook-pix-0123456789abcdef';
      for (const suffix of ['', '/pix']) {
        const response = await through(undefined, `/api/payments/pix/webhook/${secret}${suffix}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ pix: [] }),
        });
        // No PSP on these instances: the webhook does not exist. What matters is what nginx wrote.
        expect(response.status).toBe(404);
      }
      await through(undefined, '/api/health?x=1');
      const log = fs.readFileSync(path.join(nginx.dir, 'access.log'), 'utf8');
      expect(log).not.toContain(secret);
      expect(log).toContain('"POST /api/payments/pix/webhook/[oculto] HTTP/1.1" 404');
      expect(log).toContain('"POST /api/payments/pix/webhook/[oculto]/pix HTTP/1.1" 404');
      // Every other address as it came.
      expect(log).toContain('"GET /api/health?x=1 HTTP/1.1" 200');
    });

    it('nginx spreads requests over both instances', async () => {
      const seen = new Set<number>();
      for (let i = 0; i < 6; i++) {
        const response = await through(undefined, '/api/health');
        expect(response.status).toBe(200);
        seen.add(answeredBy(response));
      }
      expect([...seen].sort()).toEqual([ports.a, ports.b].sort());
    });

    it('a session signed in through instance A is signed in on instance B', async () => {
      const signIn = await through('a', '/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ email: adminEnv.ADMIN_EMAIL, password: adminEnv.ADMIN_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      expect(answeredBy(signIn)).toBe(ports.a);
      const cookie = sessionCookie({ headers: { 'set-cookie': signIn.headers.getSetCookie() } });

      const me = await through('b', '/api/access/me', { headers: { cookie } });
      expect(answeredBy(me)).toBe(ports.b);
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ signedIn: true, email: adminEnv.ADMIN_EMAIL, isPro: true });
    });

    it('a file uploaded through A is served by B, and a change written through A reaches an event stream open on B', async () => {
      const signIn = await through('a', '/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ email: adminEnv.ADMIN_EMAIL, password: adminEnv.ADMIN_PASSWORD }),
      });
      const cookie = sessionCookie({ headers: { 'set-cookie': signIn.headers.getSetCookie() } });

      const form = await multipartBody([{ data: PNG, name: 'logo.png', type: 'image/png' }]);
      const uploaded = await through('a', '/api/uploads/provider-logos', {
        method: 'POST',
        body: form.payload,
        headers: { ...form.headers, cookie, origin: ORIGIN },
      });
      expect(answeredBy(uploaded)).toBe(ports.a);
      expect(uploaded.status).toBe(201);
      const { url } = (await uploaded.json()) as { url: string };
      const served = await through('b', new URL(url, nginx.base).pathname);
      expect(answeredBy(served)).toBe(ports.b);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);

      // The stream goes through nginx to B; the write goes through nginx to A.
      const stream = await connectSse(`${nginx.base}/api/events`, { 'x-test-instance': 'b' });
      streams.push(stream);
      await waitUntil(() => b.events.clientCount === 1, { what: 'o fluxo aberto em B' });
      expect(a.events.clientCount).toBe(0);
      const created = await through('a', '/api/admin/plans', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: ORIGIN },
        body: JSON.stringify({ name: 'Plano Entre Instâncias', priceMonthly: 19.9 }),
      });
      expect(answeredBy(created)).toBe(ports.a);
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      await stream.waitFor((change) => change.table === 'plans' && change.id === id, 10_000);
    });
  },
);

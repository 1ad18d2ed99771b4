// The caching recipe of docs/operations.md, run for real: Debian's nginx in front of the app with a
// proxy cache and no caching rule of its own. What it keeps, and for how long, comes from the app's
// Cache-Control (shared/http-cache.ts): the anonymous public reads are answered by nginx for a few
// seconds, a signed-in request always reaches the app, and a failure is never kept.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEnv, signInAsAdmin } from '../../src/modules/access/access.test-support.ts';
import { buildTestApp, type TestApp } from '../app.ts';
import { findNginx, startNginx, tempPaths, type Nginx } from '../nginx.ts';

describe('a reverse proxy caches what the app says it may (nginx proxy_cache)', { timeout: 60_000 }, () => {
  let t: TestApp;
  let nginx: Nginx;
  let admin: string;

  beforeAll(async () => {
    findNginx();
    t = await buildTestApp({ env: { ...adminEnv, PUBLIC_CACHE: 'true' } });
    admin = await signInAsAdmin(t.app);
    await t.database.db.execute(sql`insert into plans (name, price_monthly) values ('Plano Proxy', 21.5)`);
    const app = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const runAsRoot = process.getuid?.() === 0;
    // docs/operations.md, "Behind a CDN or a caching reverse proxy".
    nginx = await startNginx(
      (dir, port) => `
${runAsRoot ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  ${tempPaths(dir)}
  proxy_cache_path ${dir}/cache keys_zone=vitrine:1m;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${app.port};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_cache vitrine;
      proxy_cache_revalidate on;
      proxy_cache_use_stale updating error timeout;
      proxy_cache_background_update on;
      proxy_cache_bypass $http_cookie;
      proxy_no_cache $http_cookie;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`,
    );
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${nginx.base}${url}`, { headers });

  it('answers a repeated anonymous read itself, with the bytes the app sent', async () => {
    const first = await get('/api/plans');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    const body = await first.text();
    expect(body).toContain('Plano Proxy');
    const requestsBefore = t.app.publicCache.stats();
    const second = await get('/api/plans');
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(await second.text()).toBe(body);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    // The app saw nothing of the second read.
    expect(t.app.publicCache.stats()).toEqual(requestsBefore);
  });

  it('always lets a signed-in request through to the app, and keeps nothing of its answer', async () => {
    await get('/api/plans');
    for (let i = 0; i < 2; i++) {
      const signedIn = await get('/api/plans', { cookie: admin });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get('x-cache-status')).toBe('BYPASS');
      expect(signedIn.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('keeps no failure', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await get('/api/media/titles/movie/999999999');
      expect(missing.status).toBeGreaterThanOrEqual(400);
      expect(missing.headers.get('x-cache-status')).toBe('MISS');
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { tempDir } from '../test/database.ts';
import { siteConfigurations } from './modules/content/content.tables.ts';

describe('the API server', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = tempDir('vitrine-dist-');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="pt-BR"><body>vitrine</body></html>');
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("ok")'.repeat(200));
    // The build writes a Brotli copy beside each text asset (vite.config.ts); this one marks itself.
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), 'brotli do build');
    fs.mkdirSync(path.join(webDist, 'ssr'));
    fs.writeFileSync(path.join(webDist, 'ssr', 'prerender.js'), 'export {}');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(webDist, 'prerendered'));
    fs.writeFileSync(path.join(webDist, 'prerendered', 'index.html'), '<!doctype html><html lang="pt-BR"><body>home pronta</body></html>');
    fs.writeFileSync(path.join(webDist, 'prerendered', 'apps-ativacao.html'), '<!doctype html><html lang="pt-BR"><body>ativação pronta</body></html>');
    fs.writeFileSync(
      path.join(webDist, 'prerendered', 'manifest.json'),
      JSON.stringify({ '/': 'index.html', '/apps/ativacao': 'apps-ativacao.html', '/fora': '../index.html', '/sumiu': 'sumiu.html' }),
    );
    fs.writeFileSync(path.join(webDist, 'prerendered', 'routes.json'), JSON.stringify(['/', '/apps/ativacao', '/admin/*', '/fora', '/sumiu']));
    t = await buildTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(() => t.close());

  it("sends the security headers on every response: a page's own to HTML, the strict ones to everything else", async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(json.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['x-frame-options']).toBe('DENY');
    expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
    // What only a document obeys is not sent with data.
    for (const name of ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control']) {
      expect([name, json.headers[name]]).toEqual([name, undefined]);
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");

    for (const [url, status] of [
      ['/', 200],
      ['/apps/ativacao', 200],
      ['/nao-existe', 404],
    ] as const) {
      const page = await t.app.inject({ method: 'GET', url });
      expect([url, page.statusCode]).toEqual([url, status]);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('serves the web app for client routes, with index.html revalidated and hashed assets cached for a year', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('home pronta');
    // A public page: browsers revalidate it, shared caches may keep it briefly (shared/http-cache.ts).
    expect(home.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');

    // A page the build prerendered is answered with its own HTML, with or without a query or a final slash.
    for (const url of ['/apps/ativacao', '/apps/ativacao?categoria=tv', '/apps/ativacao/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('ativação pronta');
      expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    }
    // Other client routes get the shell; a manifest entry outside the folder or without its file is ignored.
    for (const url of ['/admin/planos', '/fora', '/sumiu']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<body>vitrine</body>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');

    // The build's own compressed copy when the browser takes it, not one compressed per request.
    const brotli = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.body).toBe('brotli do build');
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(head.statusCode).toBe(200);

    for (const url of ['/assets/nao-existe.js', '/ssr/prerender.js', '/assets/../index.html/x.js']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect([url, missing.statusCode]).toEqual([url, 404]);
      expect(missing.json()).toEqual({ error: expect.objectContaining({ code: 'not_found' }) });
    }

    // The build's files are listed at start: a rebuild is a deploy (its pages are read at start too), so a
    // file added later is not served until the restart.
    fs.writeFileSync(path.join(webDist, 'assets', 'index-new456.js'), 'console.log("novo")');
    const added = await t.app.inject({ method: 'GET', url: '/assets/index-new456.js' });
    expect(added.statusCode).toBe(404);
  });

  it('answers unknown API routes with a JSON error in Portuguese', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Rota não encontrada.' } });
  });

  it('refuses malformed JSON and invalid fields with a 400 and a Portuguese message, never a 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/access-events',
      headers: { 'content-type': 'application/json' },
      payload: '{"path": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('invalid_json');
    expect(malformed.json().error.message).toBe('O corpo da requisição não é um JSON válido.');

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/access-events',
      payload: { path: 'sem-barra', sessionId: 'x', admin: true },
    });
    expect(invalid.statusCode).toBe(400);
    const body = invalid.json();
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toMatch(/^Dados inválidos/);
    expect(body.error.message).toContain('path');
    expect(body.error.message).toContain('"admin"');
    expect(JSON.stringify(body)).not.toMatch(/stack|at .*\.ts/);
  });

  it('publishes an OpenAPI document and a browsable UI', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toBe('3.1.0');
    expect(Object.keys(spec.json().paths)).toContain('/api/health');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('records a site access event with the referrer host as its source', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/access-events',
      headers: { 'user-agent': 'TesteAgente/1.0' },
      payload: { path: '/streaming', referrerUrl: 'https://www.google.com/search?q=iptv', sessionId: 'sessao-de-teste-1' },
    });
    expect(response.statusCode).toBe(204);
    const { rows } = await t.database.db.execute<{ source: string; user_agent: string; referrer_url: string }>(
      "select source, user_agent, referrer_url from site_access_events where session_id = 'sessao-de-teste-1'",
    );
    expect(rows).toEqual([{ source: 'www.google.com', user_agent: 'TesteAgente/1.0', referrer_url: 'https://www.google.com/search?q=iptv' }]);
  });

  it('reads public site configuration sections but not private ones', async () => {
    const footer = await t.app.inject({ method: 'GET', url: '/api/site-config/footer' });
    expect(footer.statusCode).toBe(200);
    expect(footer.json()).toEqual({ section: 'footer', entries: {} });
    const pricing = await t.app.inject({ method: 'GET', url: '/api/site-config/pricing' });
    expect(pricing.statusCode).toBe(404);
  });

  it('answers the header without its malformed parts, so the page shows their defaults', async () => {
    const navigation = [{ label: 'Planos', href: '/#planos' }];
    await t.database.db.insert(siteConfigurations).values([
      { section: 'header', configKey: 'brand', configValue: { tagline: 'sem nome' } },
      { section: 'header', configKey: 'navigation', configValue: navigation },
      { section: 'header', configKey: 'extra', configValue: 'guardado' },
    ]);
    const header = await t.app.inject({ method: 'GET', url: '/api/site-config/header' });
    expect(header.statusCode).toBe(200);
    expect(header.json()).toEqual({ section: 'header', entries: { navigation, extra: 'guardado' } });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/database.ts';
import { type PageFill, spaPlugin } from './spa.ts';

const placeholder = '<div data-testid="carregando"></div>';
const template = '<section aria-label="Em destaque: \uE000title\uE001"><img src="\uE000imageUrl\uE001"/><h2>\uE000title\uE001</h2><p>\uE000overview\uE001</p></section>';
const built = `<header>topo</header>${placeholder}<footer>rodapé</footer>`;

describe('the page server', () => {
  let app: FastifyInstance;
  let image: () => Promise<string | null>;
  let fill: () => Promise<PageFill | null>;

  beforeAll(async () => {
    const root = tempDir('vitrine-spa-');
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><body>casca</body>');
    fs.mkdirSync(path.join(root, 'prerendered'));
    fs.writeFileSync(path.join(root, 'prerendered', 'midia.html'), '<!doctype html><body>mídia pronta</body>');
    fs.writeFileSync(path.join(root, 'prerendered', 'sobre.html'), '<!doctype html><body>sobre pronta</body>');
    fs.writeFileSync(path.join(root, 'prerendered', 'apps.html'), '<!doctype html><body>apps pronta</body>');
    fs.writeFileSync(path.join(root, 'prerendered', 'streaming.html'), `<!doctype html><body><div id="root">${built}</div></body>`);
    fs.writeFileSync(
      path.join(root, 'prerendered', 'manifest.json'),
      JSON.stringify({ '/midia': 'midia.html', '/sobre': 'sobre.html', '/streaming': 'streaming.html', '/apps': 'apps.html' }),
    );
    fs.writeFileSync(path.join(root, 'prerendered', 'slots.json'), JSON.stringify({ '/streaming': { placeholder, template } }));
    app = Fastify();
    const onlyImage = (url: string) => () => Promise.resolve({ image: url });
    await app.register(spaPlugin, {
      root,
      pageFills: {
        '/midia': () => image().then((url) => ({ image: url })),
        '/sobre': onlyImage('/nao-usada.svg'),
        '/admin': onlyImage('/nao-usada.svg'),
        '/streaming': () => fill(),
      },
    });
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it("names a prerendered page's data-dependent image as a preload, for a site path or an https address", async () => {
    for (const url of ['/demo/media/titles/heroi-backdrop.svg', 'https://image.tmdb.org/t/p/w1280/abc123.jpg']) {
      image = () => Promise.resolve(url);
      const page = await get('/midia?genero=28');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('mídia pronta');
      expect(page.headers.link).toBe(`<${url}>; rel=preload; as=image; fetchpriority=high`);
    }
  });

  it('sends the page without the hint when the image is missing, unsafe in a header, late or failing', async () => {
    const cases: (() => Promise<string | null>)[] = [
      () => Promise.resolve(null),
      () => Promise.resolve('/a.svg>; rel=preload, <https://outro.example/b.svg'),
      () => Promise.resolve('//outro.example/c.svg'),
      () => Promise.resolve('javascript:alert(1)'),
      () => new Promise((resolve) => setTimeout(() => resolve('/tarde.svg'), 2_000).unref()),
      () => Promise.reject(new Error('TMDB fora do ar')),
    ];
    for (const candidate of cases) {
      image = candidate;
      const page = await get('/midia');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('mídia pronta');
      expect(page.headers.link).toBeUndefined();
    }
  });

  it('gives the hint only to the page it belongs to, and only when that page is prerendered', async () => {
    expect((await get('/sobre')).headers.link).toBe('</nao-usada.svg>; rel=preload; as=image; fetchpriority=high');
    const shell = await get('/admin');
    expect(shell.body).toContain('casca');
    expect(shell.headers.link).toBeUndefined();
    expect((await get('/contato')).headers.link).toBeUndefined();
  });

  it("fills a page's slot from its data, every text escaped, and puts the answers in the page as data", async () => {
    const hostile = '<img src=x onerror=alert(1)>"\'&$& $1';
    const answers = { '/api/media/lists/movie/trending': { results: [{ title: '</script><script>alert(1)</script>' }] } };
    fill = () => Promise.resolve({ image: '/capa.svg', fields: { title: hostile, imageUrl: '/capa.svg', overview: 'Um resumo.' }, answers });
    const page = await get('/streaming');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers.link).toBe('</capa.svg>; rel=preload; as=image; fetchpriority=high');
    const escaped = '&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;$&amp; $1';
    expect(page.body).toContain(
      `<header>topo</header><section aria-label="Em destaque: ${escaped}"><img src="/capa.svg"/><h2>${escaped}</h2><p>Um resumo.</p></section><footer>rodapé</footer>`,
    );
    expect(page.body).not.toContain(placeholder);
    expect(page.body).not.toContain('<img src=x');
    // The answers: one script element of type JSON, which no text in them can close.
    const script = /<script type="application\/json" id="page-data">(.*?)<\/script><\/body>/.exec(page.body);
    expect(script).not.toBeNull();
    expect(page.body.match(/<script/g)).toHaveLength(1);
    const data = JSON.parse(script![1]!) as { at: number; answers: unknown };
    expect(data.answers).toEqual(answers);
    expect(Math.abs(data.at - Date.now())).toBeLessThan(5_000);
  });

  it('leaves the placeholder when a text is missing or empty, and the page as built when the data is late or fails', async () => {
    fill = () => Promise.resolve({ fields: { title: 'Filme', imageUrl: '/capa.svg', overview: '' }, answers: { '/api/x': [1] } });
    const partial = await get('/streaming');
    expect(partial.body).toContain(built);
    expect(partial.body).toContain('<script type="application/json" id="page-data">');

    for (const late of [
      () => new Promise<PageFill>((resolve) => setTimeout(() => resolve({ fields: { title: 'Tarde' } }), 2_000).unref()),
      () => Promise.reject(new Error('cache indisponível')),
      () => Promise.resolve(null),
    ]) {
      fill = late;
      const page = await get('/streaming');
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(`<!doctype html><body><div id="root">${built}</div></body>`);
    }
  });

  it('answers a built page from memory: revalidated by its ETag, compressed as the browser prefers', async () => {
    for (const [url, text] of [['/apps', 'apps pronta'], ['/admin', 'casca']] as const) {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toContain(text);
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(plain.headers.vary).toBe('accept-encoding');
      const etag = String(plain.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
      const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });
});

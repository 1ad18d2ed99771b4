import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/database.ts';
import { spaPlugin, type PageSource, type PublicAnswer } from './spa.ts';

const ROOT_OPEN = '<div id="root" data-prerendered inert>';
const builtPage = (markup: string) =>
  `<!doctype html><head><script type="module" src="/assets/index.js"></script></head><body>${ROOT_OPEN}${markup}</div>\n</body></html>`;
const BUILT_STREAMING = builtPage('<header>topo</header><div data-testid="carregando"></div>');

// A stand-in for the build's renderer: the page's markup from its answers (the real one is React, which
// escapes what it writes), counting its renders.
const RENDERER = `
export async function renderPage(page, data) {
  globalThis.vitrineTestRenders = (globalThis.vitrineTestRenders ?? 0) + 1;
  if (data.answers['/api/quebra']) throw new Error('falhou ao renderizar');
  const plans = data.answers['/api/plans'] ?? [];
  return '<header>topo</header><ul>' + plans.map((plan) => '<li>' + plan.name.replaceAll('<', '&lt;') + '</li>').join('') + '</ul>';
}
`;
const renders = () => (globalThis as { vitrineTestRenders?: number }).vitrineTestRenders ?? 0;

describe('the page server', () => {
  let app: FastifyInstance;
  let root: string;
  let answers: Record<string, () => Promise<PublicAnswer | null>>;
  let sources: Record<string, PageSource>;

  const answer =
    (value: unknown, etag = `"${JSON.stringify(value).length}-${Date.now()}"`) =>
    () =>
      Promise.resolve({ etag, body: JSON.stringify(value) });

  beforeAll(async () => {
    root = tempDir('vitrine-spa-');
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><body><div id="root"></div></body>');
    fs.mkdirSync(path.join(root, 'prerendered'));
    fs.mkdirSync(path.join(root, 'ssr'));
    fs.writeFileSync(path.join(root, 'ssr', 'prerender.js'), RENDERER);
    fs.writeFileSync(path.join(root, 'prerendered', 'streaming.html'), BUILT_STREAMING);
    fs.writeFileSync(path.join(root, 'prerendered', 'midia.html'), builtPage('<p>mídia pronta</p>'));
    fs.writeFileSync(path.join(root, 'prerendered', 'apps.html'), builtPage('<p>apps pronta</p>'));
    fs.writeFileSync(
      path.join(root, 'prerendered', 'manifest.json'),
      JSON.stringify({ '/streaming': 'streaming.html', '/midia': 'midia.html', '/apps': 'apps.html' }),
    );
    // The app's routes, as the build lists them from its route table.
    fs.writeFileSync(
      path.join(root, 'prerendered', 'routes.json'),
      JSON.stringify(['/', '/streaming', '/midia', '/apps', '/apps/ativacao', '/auth', '/auth/confirmar', '/admin/*', '/pricing-calculator', '/loja/:id']),
    );
    app = Fastify();
    await app.register(spaPlugin, {
      root,
      pageSource: (page) => sources[page] ?? null,
      readAnswer: (url) => (answers[url] ?? (() => Promise.resolve(null)))(),
    });
  });
  afterAll(() => app.close());
  beforeEach(() => {
    answers = {};
    sources = {};
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  /** The page once it has been rendered with its data (the first visitor may get the built page while it renders). */
  const rendered = async (url: string) => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const page = await get(url);
      if (page.body.includes('id="page-data"')) return page;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${url} não foi renderizada com dados`);
  };
  const pageData = (body: string) => {
    const script = /<script type="application\/json" id="page-data">(.*?)<\/script><\/body>/.exec(body);
    expect(script).not.toBeNull();
    return JSON.parse(script![1]!) as { at: number; answers: Record<string, unknown> };
  };

  it('renders a prerendered page with its public answers, and puts them in the page as data no text can close', async () => {
    const plans = [{ name: 'Básico' }, { name: '</script><script>alert(1)</script>' }];
    answers['/api/plans'] = answer(plans);
    answers['/api/site-config/header'] = answer({ links: [] });
    sources['/streaming'] = { urls: ['/api/site-config/header', '/api/plans'] };
    const page = await rendered('/streaming');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    // The same for every visitor: shared caches may keep it briefly, browsers revalidate it.
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    expect(page.headers['cdn-cache-control']).toBe('max-age=10, stale-while-revalidate=60');
    // The renderer's markup in the root; the page around it as built.
    expect(
      page.body.startsWith(
        `<!doctype html><head><script type="module" src="/assets/index.js"></script></head><body>${ROOT_OPEN}<header>topo</header><ul><li>Básico</li>`,
      ),
    ).toBe(true);
    expect(page.body).not.toContain('carregando');
    // One data script of type JSON before </body>, with every answer, dated now.
    expect(page.body.match(/<script type="application\/json"/g)).toHaveLength(1);
    expect(page.body.match(/<\/script>/g)).toHaveLength(2); // the module script and the data
    const data = pageData(page.body);
    expect(data.answers).toEqual({ '/api/plans': plans, '/api/site-config/header': { links: [] } });
    expect(Math.abs(data.at - Date.now())).toBeLessThan(5_000);
  });

  it('keeps the rendered page while its answers stay the same, and renders it again when one changes', async () => {
    answers['/api/plans'] = answer([{ name: 'Mensal' }], '"v1"');
    sources['/streaming'] = { urls: ['/api/plans'] };
    const first = await rendered('/streaming');
    expect(first.body).toContain('<li>Mensal</li>');
    const before = renders();
    for (let index = 0; index < 5; index++) expect((await get('/streaming')).body).toBe(first.body);
    expect(renders()).toBe(before);

    // Revalidated by its ETag, compressed as the browser prefers.
    const etag = String(first.headers.etag);
    expect((await get('/streaming', { 'if-none-match': etag })).statusCode).toBe(304);
    const brotli = await get('/streaming', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);

    answers['/api/plans'] = answer([{ name: 'Anual' }], '"v2"');
    const changed = await rendered('/streaming');
    expect(changed.body).toContain('<li>Anual</li>');
    expect(changed.body).not.toContain('Mensal');
    expect(changed.headers.etag).not.toBe(etag);
    expect(renders()).toBe(before + 1);
  });

  it('sends the page as built when an answer is missing, late or failing, or the render fails', async () => {
    sources['/streaming'] = { urls: ['/api/plans', '/api/site-config/header'] };
    answers['/api/plans'] = answer([{ name: 'Nunca' }]);
    const cases: (() => Promise<PublicAnswer | null>)[] = [
      () => Promise.resolve(null),
      () => Promise.reject(new Error('cache indisponível')),
      () => new Promise((resolve) => setTimeout(() => resolve(null), 2_000).unref()),
    ];
    for (const header of cases) {
      answers['/api/site-config/header'] = header;
      const page = await get('/streaming');
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(BUILT_STREAMING);
    }
    // A render that fails is not tried again for every visitor, only once its answers change.
    sources['/streaming'] = { urls: ['/api/quebra'] };
    answers['/api/quebra'] = answer([1], '"quebra-1"');
    const before = renders();
    for (let index = 0; index < 5; index++) expect((await get('/streaming')).body).toBe(BUILT_STREAMING);
    expect(renders()).toBe(before + 1);
    answers['/api/quebra'] = answer([2], '"quebra-2"');
    expect((await get('/streaming')).body).toBe(BUILT_STREAMING);
    expect(renders()).toBe(before + 2);
  });

  it('answers with the built page when rendering takes long, and with the rendered one once it is ready', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answers['/api/plans'] = () => held.then(() => ({ etag: '"lento"', body: JSON.stringify([{ name: 'Lento' }]) }));
    sources['/streaming'] = { urls: ['/api/plans'] };
    expect((await get('/streaming')).body).toBe(BUILT_STREAMING);
    release();
    expect((await rendered('/streaming')).body).toContain('<li>Lento</li>');
  });

  it("names the page's largest image as a preload, only a site path or an https address", async () => {
    answers['/api/site-config/header'] = answer({});
    for (const [image, link] of [
      ['/demo/media/titles/heroi-backdrop.svg', '</demo/media/titles/heroi-backdrop.svg>; rel=preload; as=image; fetchpriority=high'],
      ['https://image.tmdb.org/t/p/w1280/abc123.jpg', '<https://image.tmdb.org/t/p/w1280/abc123.jpg>; rel=preload; as=image; fetchpriority=high'],
      ['/a.svg>; rel=preload, <https://outro.example/b.svg', undefined],
      ['//outro.example/c.svg', undefined],
      ['javascript:alert(1)', undefined],
      [null, undefined],
    ] as const) {
      answers['/api/media'] = answer({ image }, `"${image}"`);
      sources['/midia'] = {
        urls: ['/api/site-config/header', '/api/media'],
        image: (read) => {
          const src = (read['/api/media'] as { image: string | null }).image;
          return src ? { src } : null;
        },
      };
      const page = await rendered('/midia');
      expect(page.headers.link).toBe(link);
    }
    // With the srcset's candidates, so the browser preloads the one the image will use; none if one is unsafe.
    for (const [srcSet, link] of [
      [
        'https://i.example/a-780.jpg 1x, https://i.example/a-1280.jpg 2x',
        '<https://i.example/a-780.jpg>; rel=preload; as=image; fetchpriority=high; imagesrcset="https://i.example/a-780.jpg 1x, https://i.example/a-1280.jpg 2x"',
      ],
      ['https://i.example/a-780.jpg 1x, https://i.example/b".jpg 2x', undefined],
      ['https://i.example/a-780.jpg 1x, //outro.example/b.jpg 2x', undefined],
      ['https://i.example/a-780.jpg 1x, https://i.example/b.jpg 2x, x', undefined],
    ] as const) {
      answers['/api/media'] = answer({ srcSet }, `"${srcSet}"`);
      sources['/midia'] = {
        urls: ['/api/site-config/header', '/api/media'],
        image: (read) => ({ src: 'https://i.example/a-780.jpg', srcSet: (read['/api/media'] as { srcSet: string }).srcSet }),
      };
      expect((await rendered('/midia')).headers.link).toBe(link);
    }
  });

  it('sends the shell for pages it has not prerendered, and never serves its renderer', async () => {
    sources['/admin'] = { urls: ['/api/plans'] };
    answers['/api/plans'] = answer([{ name: 'X' }]);
    const shell = await get('/admin');
    expect(shell.body).toBe('<!doctype html><body><div id="root"></div></body>');
    expect(shell.headers.link).toBeUndefined();
    expect((await get('/ssr/prerender.js')).statusCode).toBe(404);
    // A page without a source goes as built.
    expect((await get('/apps')).body).toBe(builtPage('<p>apps pronta</p>'));
  });

  it('answers a built page from memory: revalidated by its ETag, compressed as the browser prefers', async () => {
    for (const [url, text, cacheControl] of [
      ['/apps', 'apps pronta', 'public, max-age=0, s-maxage=10'],
      ['/admin', '<div id="root"></div>', 'no-cache'],
    ] as const) {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toContain(text);
      expect(plain.headers['cache-control']).toBe(cacheControl);
      expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(plain.headers.vary).toBe('accept-encoding');
      const etag = String(plain.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const brotli = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });

  it("answers an address the app has no route for with the shell (its 'not found' page) and status 404, every route 200", async () => {
    const shell = '<!doctype html><body><div id="root"></div></body>';
    for (const url of ['/nao-existe', '/nao-existe/', '/nao-existe?x=1', '/auth/nao-existe', '/administrar', '/apps/ativacao/x', '/loja', '/loja/1/2']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).toBe(shell);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      // A 404 is never a 304: a cache holds no page of it to reuse.
      expect((await get(url, { 'if-none-match': String(page.headers.etag ?? '"x"') })).statusCode, url).toBe(404);
    }
    expect((await app.inject({ method: 'HEAD', url: '/nao-existe' })).statusCode).toBe(404);
    // Routes, a splat's any depth and a parameter included, with a query, a final slash or another case.
    for (const url of ['/', '/auth', '/auth/', '/Auth?modo=cadastro', '/auth/confirmar', '/admin', '/admin/usuarios/1', '/pricing-calculator', '/loja/42']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(shell);
    }
    for (const url of ['/streaming', '/apps/', '/midia?busca=x']) expect((await get(url)).statusCode, url).toBe(200);
    // A missing file is still the file's 404, not a page.
    expect((await get('/nao-existe.js')).body).not.toContain('<div id="root">');
  });

  it('answers Minha assinatura (its token in the address) never cached, never indexed, and without a referrer', async () => {
    const page = await get('/minha-assinatura?t=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers).toMatchObject({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' });
  });

  it('goes on with the built pages when the build has no renderer', async () => {
    const bare = tempDir('vitrine-spa-bare-');
    fs.mkdirSync(path.join(bare, 'prerendered'));
    fs.writeFileSync(path.join(bare, 'index.html'), '<!doctype html><body><div id="root"></div></body>');
    fs.writeFileSync(path.join(bare, 'prerendered', 'streaming.html'), BUILT_STREAMING);
    fs.writeFileSync(path.join(bare, 'prerendered', 'manifest.json'), JSON.stringify({ '/streaming': 'streaming.html' }));
    const other = Fastify();
    await other.register(spaPlugin, { root: bare, pageSource: () => ({ urls: ['/api/plans'] }), readAnswer: answer([{ name: 'X' }]) });
    expect((await other.inject({ method: 'GET', url: '/streaming' })).body).toBe(BUILT_STREAMING);
    // A build without the list of routes answers every address as a route, as before it had one.
    expect((await other.inject({ method: 'GET', url: '/nao-existe' })).statusCode).toBe(200);
    await other.close();
  });
});

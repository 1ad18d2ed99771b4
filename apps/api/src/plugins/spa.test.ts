import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/database.ts';
import { spaPlugin } from './spa.ts';

describe('the page server', () => {
  let app: FastifyInstance;
  let image: () => Promise<string | null>;

  beforeAll(async () => {
    const root = tempDir('vitrine-spa-');
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><body>casca</body>');
    fs.mkdirSync(path.join(root, 'prerendered'));
    fs.writeFileSync(path.join(root, 'prerendered', 'midia.html'), '<!doctype html><body>mídia pronta</body>');
    fs.writeFileSync(path.join(root, 'prerendered', 'sobre.html'), '<!doctype html><body>sobre pronta</body>');
    fs.writeFileSync(path.join(root, 'prerendered', 'manifest.json'), JSON.stringify({ '/midia': 'midia.html', '/sobre': 'sobre.html' }));
    app = Fastify();
    await app.register(spaPlugin, {
      root,
      pageImages: { '/midia': () => image(), '/sobre': () => Promise.resolve('/nao-usada.svg'), '/admin': () => Promise.resolve('/nao-usada.svg') },
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
});

// Serves the built web app: hashed assets cached for a year; for a client route, its prerendered
// page when the build made one (the public site's pages: they paint before any script runs), else
// index.html, the empty shell the app renders into.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { AppError } from '../shared/errors.ts';

export const spaPlugin = fp<{ root: string | undefined }>(async (app, { root }) => {
  const indexFile = root ? path.join(root, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && fs.existsSync(indexFile);
  const prerendered = hasSpa ? readPrerenderedPages(root!) : new Map<string, string>();
  /** The file a page is answered with, relative to the web root. */
  const pageFile = (url: string) => {
    const pathname = url.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
    return prerendered.get(pathname) ?? 'index.html';
  };

  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: true,
      index: false,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
    // With wildcard serving, '/' would resolve to the directory itself: it is the home page.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(pageFile('/')),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (!isPage) throw new AppError('not_found', 404, 'Rota não encontrada.');
    if (!hasSpa) throw new AppError('web_not_built', 404, 'O aplicativo web não foi compilado (npm run build).');
    // Files with an extension that do not exist are real 404s, not client routes.
    if (/\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0] ?? '')) {
      throw new AppError('not_found', 404, 'Arquivo não encontrado.');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(pageFile(request.url));
  });
});

/**
 * The build's prerendered pages (`prerendered/manifest.json`: page path to file name), as paths to
 * files under the web root. Only plain file names inside that folder are taken.
 */
function readPrerenderedPages(root: string): Map<string, string> {
  const manifestFile = path.join(root, 'prerendered', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return new Map();
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, string>;
  return new Map(
    Object.entries(manifest)
      .filter(([, file]) => /^[a-z0-9-]+\.html$/.test(file) && fs.existsSync(path.join(root, 'prerendered', file)))
      .map(([page, file]) => [page, `prerendered/${file}`]),
  );
}

// Serves the built web app: hashed assets cached for a year, index.html for every client route.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { AppError } from '../shared/errors.ts';

export const spaPlugin = fp<{ root: string | undefined }>(async (app, { root }) => {
  const indexFile = root ? path.join(root, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && fs.existsSync(indexFile);

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
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html'),
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
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
});

// Serves the built web app: hashed assets cached for a year; for a client route, its prerendered
// page when the build made one (the public site's pages: they paint before any script runs), else
// index.html, the empty shell the app renders into.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { AppError } from '../shared/errors.ts';

export interface SpaOptions {
  root: string | undefined;
  /**
   * A prerendered page's largest image when it depends on data (page path → its URL, or null): sent
   * as a preload `Link` header, so the browser fetches it while the page's scripts load. Waited for
   * at most PAGE_IMAGE_WAIT_MS; the page goes without it rather than late.
   */
  pageImages?: Readonly<Record<string, () => Promise<string | null>>>;
}

const PAGE_IMAGE_WAIT_MS = 150;
/** A URL safe inside `Link: <…>`: a site path or an https address, without spaces, brackets, commas or quotes. */
const LINKABLE_URL = /^(?:\/(?!\/)|https:\/\/)[^\s<>,;"']+$/;

export const spaPlugin = fp<SpaOptions>(async (app, { root, pageImages = {} }) => {
  const indexFile = root ? path.join(root, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && fs.existsSync(indexFile);
  const prerendered = hasSpa ? readPrerenderedPages(root!) : new Map<string, string>();

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
    /** Relative to the web root: the page's prerendered file, else the shell. */
    const file = prerendered.get(pathname);
    const image = file ? pageImages[pathname] : undefined;
    if (image) {
      const url = await Promise.race([
        image().catch((error: unknown) => {
          request.log.warn({ err: error, page: pathname }, 'imagem principal da página indisponível');
          return null;
        }),
        setTimeout(PAGE_IMAGE_WAIT_MS, null, { ref: false }),
      ]);
      if (url && LINKABLE_URL.test(url)) reply.header('link', `<${url}>; rel=preload; as=image; fetchpriority=high`);
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(file ?? 'index.html');
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
    app.get('/', { schema: { hide: true } }, sendPage);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (!isPage) throw new AppError('not_found', 404, 'Rota não encontrada.');
    if (!hasSpa) throw new AppError('web_not_built', 404, 'O aplicativo web não foi compilado (npm run build).');
    // Files with an extension that do not exist are real 404s, not client routes.
    if (/\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0] ?? '')) {
      throw new AppError('not_found', 404, 'Arquivo não encontrado.');
    }
    return sendPage(request, reply);
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

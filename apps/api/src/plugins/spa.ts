// Serves the built web app: hashed assets cached for a year; for a client route, its prerendered
// page when the build made one (the public site's pages: they paint before any script runs and the app
// hydrates them), else index.html, the empty shell the app renders into. A prerendered page is
// rendered again with the public answers it shows (plans, the header's links…), read through the
// public cache: the HTML is kept while those answers stay the same, and the answers go in the page so
// the app hydrates with them instead of loading them again.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/errors.ts';
import type { FrontDoor } from '../shared/front-door.ts';
import { answerFromMemory, etagOf, PUBLIC_CACHE_HEADERS, replayable, sendKept, type KeptAnswer } from '../shared/http-cache.ts';
import { STATIC_ROUTE } from '../shared/metrics.ts';
import { hasOverlongSegment, uriTooLong } from './error-handler.ts';

/** A public answer as the public read gives it: its validator and its JSON text (UTF-8 bytes or a string). */
export interface PublicAnswer {
  etag: string;
  body: Buffer | string;
}

/** What a prerendered page is rendered with. */
export interface PageSource {
  /** The public reads the page asks for as it loads (endpoint URLs, as the app writes them). */
  urls: readonly string[];
  /** The page's largest image (its URL and `srcset`), named by its answers: sent as a preload `Link` header. */
  image?: (answers: Readonly<Record<string, unknown>>) => { src: string; srcSet?: string } | null;
}

export interface SpaOptions {
  root: string | undefined;
  /** Per prerendered page, its source; none renders the page as built. */
  pageSource?: (page: string) => PageSource | null;
  /** Reads one public answer (null when it is not a 200). */
  readAnswer?: (url: string) => Promise<PublicAnswer | null>;
  /**
   * The public answers kept in memory, read without waiting (the public read cache), and the session
   * cookie's name: with both, a rendered page whose answers are all kept and unchanged is answered at the
   * front door (`app.pages.frontDoor`), before Fastify, as the public reads are.
   */
  frontDoor?: { peekAnswer: (url: string) => PublicAnswer | undefined; sessionCookieName: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    pages: {
      /** Answers an anonymous GET of a rendered page that is still current; false for anything else. */
      frontDoor: FrontDoor;
      stats(): { frontDoorHits: number };
    };
  }
  interface FastifyRequest {
    /** The rendered page this request was answered with, to learn the headers it went out with. */
    renderedPage?: RenderedPage;
  }
}

/** The page with data must be ready within this; else the page goes as built (and is ready for the next visitor). */
const PAGE_RENDER_WAIT_MS = 150;
/** A URL safe inside `Link: <…>`: a site path or an https address, without spaces, brackets, commas or quotes. */
const LINKABLE_URL = /^(?:\/(?!\/)|https:\/\/)[^\s<>,;"']+$/;
const ROOT_OPEN = '<div id="root" data-prerendered inert>';

/** The answers as a JSON script the app reads (never runs): '<' escaped, so no text can close the element. */
const pageDataScript = (at: number, answers: Readonly<Record<string, unknown>>) =>
  `<script type="application/json" id="page-data">${JSON.stringify({ at, answers }).replace(/</g, '\\u003c')}</script>`;

/** The build's renderer (`ssr/prerender.js`): a page's markup with the given answers. */
interface Renderer {
  renderPage(page: string, data: { at: number; answers: Record<string, unknown> }): Promise<string>;
}

interface RenderedPage extends BuiltPage, KeptAnswer {
  /** The answers' validators it was rendered with. */
  key: string;
  /** The preload `Link` header for its largest image, if it names one that is safe in a header. */
  link: string | null;
}

/** `<src>; rel=preload; as=image…`, with the srcset's candidates; null when a URL is not safe inside the header. */
function preloadLink(image: { src: string; srcSet?: string } | null | undefined): string | null {
  if (!image || !LINKABLE_URL.test(image.src)) return null;
  const candidates = image.srcSet?.split(', ').map((candidate) => candidate.split(' ')) ?? [];
  if (!candidates.every(([url, density, ...rest]) => url && LINKABLE_URL.test(url) && /^\d(?:\.\d+)?x$/.test(density ?? '') && rest.length === 0)) return null;
  const srcSet = image.srcSet ? `; imagesrcset="${image.srcSet}"` : '';
  return `<${image.src}>; rel=preload; as=image; fetchpriority=high${srcSet}`;
}

export const spaPlugin = fp<SpaOptions>(async (app, { root, pageSource = () => null, readAnswer, frontDoor }) => {
  const indexFile = root ? path.join(root, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && fs.existsSync(indexFile);
  const prerendered = hasSpa ? readPrerenderedPages(root!) : new Map<string, string>();
  // The app's routes as the build listed them from its route table; any other path is answered with the
  // shell (the app's 'not found' page) and status 404. A build without the list answers every path 200.
  const isAppRoute = hasSpa ? readAppRoutes(root!) : () => true;
  // The built pages (each prerendered page and the shell), read once with their validator: a page is
  // answered from memory, like the public reads.
  const builtPages = new Map<string, BuiltPage>();
  if (hasSpa) for (const file of ['index.html', ...prerendered.values()]) builtPages.set(file, readBuiltPage(path.join(root!, file)));
  const loadRenderer = hasSpa && readAnswer ? rendererLoader(root!, app.log) : async () => null;
  // Loaded once the server listens, not by the first visitor (who would get the page as built meanwhile).
  app.addHook('onListen', (done) => {
    void loadRenderer();
    done();
  });
  const rendered = new Map<string, RenderedPage>();
  const rendering = new Map<string, Promise<RenderedPage | null>>();
  /** Per page, the answers its render failed with: not tried again (per request) until they change. */
  const failed = new Map<string, string>();

  /** The page rendered with its current answers: kept while their validators stay the same. */
  const pageWithData = async (page: string, built: BuiltPage): Promise<RenderedPage | null> => {
    const source = pageSource(page);
    const renderer = source && source.urls.length > 0 ? await loadRenderer() : null;
    if (!source || !renderer) return null;
    const read = await Promise.all(source.urls.map(async (url) => [url, await readAnswer!(url)] as const));
    if (read.some(([, answer]) => answer === null)) return null;
    const key = read.map(([, answer]) => answer!.etag).join(',');
    const kept = rendered.get(page);
    if (kept?.key === key) return kept;
    if (failed.get(page) === key) return null;
    const flightKey = `${page} ${key}`;
    let flight = rendering.get(flightKey);
    if (!flight) {
      flight = (async () => {
        const answers = Object.fromEntries(read.map(([url, answer]) => [url, JSON.parse(String(answer!.body)) as unknown]));
        const at = Date.now();
        const markup = await renderer.renderPage(page, { at, answers });
        const html = withMarkup(built.html, markup, pageDataScript(at, answers));
        if (html === null) throw new Error(`${page}: a página compilada não tem a raiz esperada`);
        const identity = Buffer.from(html);
        const result: RenderedPage = { html, identity, etag: etagOf(identity), key, link: preloadLink(source.image?.(answers)) };
        rendered.set(page, result);
        failed.delete(page);
        return result;
      })()
        .catch((error: unknown) => {
          failed.set(page, key);
          throw error;
        })
        .finally(() => rendering.delete(flightKey));
      rendering.set(flightKey, flight);
    }
    return flight;
  };

  const withData = (request: FastifyRequest, page: string, built: BuiltPage) =>
    Promise.race([
      pageWithData(page, built).catch((error: unknown) => {
        request.log.warn({ err: error, page }, 'página com dados indisponível; vai como foi compilada');
        return null;
      }),
      setTimeout(PAGE_RENDER_WAIT_MS, null, { ref: false }),
    ]);

  /** The page's path: no query or fragment, no trailing slash. */
  const pagePath = (url: string) => url.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');

  let frontDoorHits = 0;
  const pageFrontDoor: FrontDoor = (request, response) => {
    if (!frontDoor || request.method !== 'GET' || !request.url) return false;
    if ((request.headers.cookie ?? '').includes(frontDoor.sessionCookieName)) return false;
    const page = pagePath(request.url);
    const kept = rendered.get(page);
    const source = kept && pageSource(page);
    if (!kept || !source) return false;
    // Current while every answer it was rendered with is kept, unchanged: the key is their validators.
    let key = '';
    for (const url of source.urls) {
      const answer = frontDoor.peekAnswer(url);
      if (!answer) return false;
      key = key ? `${key},${answer.etag}` : answer.etag;
    }
    if (key !== kept.key || !answerFromMemory(kept, request, response)) return false;
    frontDoorHits += 1;
    app.log.info({ method: request.method, url: request.url, statusCode: response.statusCode }, 'página respondida da memória');
    return true;
  };
  app.decorate('pages', { frontDoor: pageFrontDoor, stats: () => ({ frontDoorHits }) });
  // After every hook has run: the headers a whole rendered page went out with (the security set among
  // them), which the front door replays.
  app.addHook('onResponse', (request, reply, done) => {
    const page = request.renderedPage;
    if (page && !page.wire && reply.statusCode === 200) page.wire = replayable(reply.getHeaders());
    done();
  });

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = pagePath(request.url);
    /** Relative to the web root: the page's prerendered file, else the shell. */
    const file = prerendered.get(pathname);
    if (PRIVATE_PAGES.has(pathname.toLowerCase())) {
      // One person's page, opened by a link that carries its token: no cache keeps it, no search engine lists it.
      return sendKept(request, reply.headers(PRIVATE_PAGE_HEADERS).type('text/html; charset=utf-8'), builtPages.get('index.html')!);
    }
    if (!file && !isAppRoute(pathname)) {
      // The same page as any other client route, with the status a search engine or a monitor reads.
      const shell = builtPages.get('index.html')!;
      return reply.code(404).headers({ 'cache-control': 'no-cache' }).type('text/html; charset=utf-8').send(shell.identity);
    }
    // A public page is the same for every visitor (rendered without session): shared caches may keep it
    // as they keep the public reads it shows. The shell of the other routes is revalidated on every use.
    reply.headers(file ? PUBLIC_CACHE_HEADERS : { 'cache-control': 'no-cache' }).type('text/html; charset=utf-8');
    const built = builtPages.get(file ?? 'index.html')!;
    const page = file ? await withData(request, pathname, built) : null;
    if (!page) return sendKept(request, reply, built);
    if (page.link) reply.header('link', page.link);
    request.renderedPage = page;
    return sendKept(request, reply, page);
  };

  if (hasSpa) {
    // The routes of the build's files share one label in the request metrics (hashed names change at every deploy).
    let registeringFiles = true;
    app.addHook('onRoute', (routeOptions) => {
      if (registeringFiles) routeOptions.config = { ...routeOptions.config, metricsRoute: STATIC_ROUTE };
    });
    await app.register(fastifyStatic, {
      root: root!,
      // One route per file of the build, listed once at start (the build does not change while it
      // runs): a wildcard route read the directory of every file it sent, to check its spelling.
      wildcard: false,
      index: false,
      // The renderer is the server's, not a file of the site.
      globIgnore: ['ssr/**'],
      // The build writes .br and .gz beside each text asset: sent as they are, not compressed per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
    registeringFiles = false;
  }

  const clientRoute = async (request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url.startsWith('/api');
    // An API address with an over-long id matched no API route; the router's 414 (docs/reliability.md) holds here too.
    if (isApi && hasOverlongSegment(request.url)) throw uriTooLong();
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (!isPage) throw new AppError('not_found', 404, 'Rota não encontrada.');
    if (!hasSpa) throw new AppError('web_not_built', 404, 'O aplicativo web não foi compilado (npm run build).');
    // Files with an extension that do not exist are real 404s, not client routes.
    if (/\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0] ?? '')) {
      throw new AppError('not_found', 404, 'Arquivo não encontrado.');
    }
    return sendPage(request, reply);
  };
  // Every other path is a client route, answered as a route (the compression plugin and the other
  // route hooks apply, as they do not to the not-found handler); '/' is the home page, not the directory.
  if (hasSpa) {
    app.get('/', { schema: { hide: true } }, sendPage);
    app.get('/*', { schema: { hide: true } }, clientRoute);
  }
  app.setNotFoundHandler(clientRoute);
});

/** The build's renderer, loaded on first use; null (and said once) when the build has none or it fails to load. */
function rendererLoader(root: string, log: FastifyBaseLogger): () => Promise<Renderer | null> {
  let loading: Promise<Renderer | null> | undefined;
  return () =>
    (loading ??= (async () => {
      const file = path.join(root, 'ssr', 'prerender.js');
      if (!fs.existsSync(file)) return null;
      try {
        return (await import(pathToFileURL(file).href)) as Renderer;
      } catch (error) {
        log.warn({ err: error }, 'renderizador das páginas indisponível; as páginas vão como foram compiladas');
        return null;
      }
    })());
}

/**
 * A prerendered page's HTML with other markup in its root, and its data script before `</body>`; null
 * when the page is not shaped as the build writes it.
 */
function withMarkup(html: string, markup: string, dataScript: string): string | null {
  const start = html.indexOf(ROOT_OPEN);
  const bodyEnd = html.lastIndexOf('</body>');
  // The root is the body's last element: its closing tag is the last one before `</body>`.
  const rootEnd = html.lastIndexOf('</div>', bodyEnd);
  if (start < 0 || bodyEnd < 0 || rootEnd < start) return null;
  return `${html.slice(0, start + ROOT_OPEN.length)}${markup}${html.slice(rootEnd, bodyEnd)}${dataScript}${html.slice(bodyEnd)}`;
}

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

/**
 * Whether a page path is one of the app's routes (`prerendered/routes.json`, written by the build from
 * the route table: '/admin/*' also matches '/admin' and anything under it, ':name' one segment). Matched
 * without regard to case, as the browser's router does. Without the list, every path is a route.
 */
/** Pages of one customer (Minha assinatura, opened by its link's token), answered as the shell with these headers. */
export const PRIVATE_PAGES: ReadonlySet<string> = new Set(['/minha-assinatura']);
const PRIVATE_PAGE_HEADERS = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' };

export function readAppRoutes(root: string): (pathname: string) => boolean {
  const file = path.join(root, 'prerendered', 'routes.json');
  if (!fs.existsSync(file)) return () => true;
  const patterns = (JSON.parse(fs.readFileSync(file, 'utf8')) as string[]).map((route) => route.toLowerCase().split('/').filter(Boolean));
  return (pathname) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    const segments = decoded.toLowerCase().split('/').filter(Boolean);
    return patterns.some((pattern) => {
      const splat = pattern.at(-1) === '*';
      const fixed = splat ? pattern.slice(0, -1) : pattern;
      if (splat ? segments.length < fixed.length : segments.length !== fixed.length) return false;
      return fixed.every((part, index) => part.startsWith(':') || part === segments[index]);
    });
  };
}

interface BuiltPage {
  html: string;
  identity: Buffer;
  etag: string;
  /** Compressed on first use. */
  br?: Buffer;
  gzip?: Buffer;
}

function readBuiltPage(file: string): BuiltPage {
  const identity = fs.readFileSync(file);
  return { html: identity.toString('utf8'), identity, etag: etagOf(identity) };
}

// Serves the built web app: hashed assets cached for a year; for a client route, its prerendered
// page when the build made one (the public site's pages: they paint before any script runs), else
// index.html, the empty shell the app renders into. A prerendered page whose largest part depends on
// data (the /midia hero) is filled from the server's cached answers when they come quickly.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { AppError } from '../shared/errors.ts';
import { SLOT_FIELD_PATTERN } from '@vitrine/domain/page-slots';
import { escapeHtml } from '../shared/html.ts';
import { compressed, etagOf, matchesEtag, preferredEncoding } from '../shared/http-cache.ts';

/** What the page server adds to a prerendered page from data it has at request time. */
export interface PageFill {
  /** The page's largest image: sent as a preload `Link` header, so it loads while the scripts do. */
  image?: string | null;
  /** The texts of the page's slot template (see `prerendered/slots.json`), filled escaped; none may be missing. */
  fields?: Readonly<Record<string, string | null>>;
  /**
   * Public answers the page will ask for (endpoint URL → its JSON), put in the page so the app renders
   * with them at once.
   */
  answers?: Readonly<Record<string, unknown>>;
}

export interface SpaOptions {
  root: string | undefined;
  /** Per prerendered page, its fill. Waited for at most PAGE_FILL_WAIT_MS: the page goes as built rather than late. */
  pageFills?: Readonly<Record<string, () => Promise<PageFill | null>>>;
}

const PAGE_FILL_WAIT_MS = 150;
/** A URL safe inside `Link: <…>`: a site path or an https address, without spaces, brackets, commas or quotes. */
const LINKABLE_URL = /^(?:\/(?!\/)|https:\/\/)[^\s<>,;"']+$/;

interface Slot {
  placeholder: string;
  template: string;
}

/** The template with every field's text, or null when one is missing or empty (the placeholder stays). */
function fillSlot(slot: Slot, fields: Readonly<Record<string, string | null>>): string | null {
  let complete = true;
  const filled = slot.template.replace(SLOT_FIELD_PATTERN, (_, name: string) => {
    const value = fields[name];
    if (!value) complete = false;
    return escapeHtml(value ?? '');
  });
  return complete ? filled : null;
}

/** The answers as a JSON script the app reads (never runs): '<' escaped, so no text can close the element. */
const answersScript = (answers: Readonly<Record<string, unknown>>) =>
  `<script type="application/json" id="page-data">${JSON.stringify({ at: Date.now(), answers }).replace(/</g, '\\u003c')}</script>`;

export const spaPlugin = fp<SpaOptions>(async (app, { root, pageFills = {} }) => {
  const indexFile = root ? path.join(root, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && fs.existsSync(indexFile);
  const prerendered = hasSpa ? readPrerenderedPages(root!) : new Map<string, string>();
  const slots = hasSpa ? readSlots(root!) : new Map<string, Slot>();
  // The built pages (each prerendered page and the shell), read once with their validator: a page is
  // answered from memory, like the public reads.
  const builtPages = new Map<string, BuiltPage>();
  if (hasSpa) for (const file of ['index.html', ...prerendered.values()]) builtPages.set(file, readBuiltPage(path.join(root!, file)));

  const fillFor = async (request: FastifyRequest, page: string) => {
    const fill = pageFills[page];
    if (!fill) return null;
    return Promise.race([
      fill().catch((error: unknown) => {
        request.log.warn({ err: error, page }, 'dados da página indisponíveis; vai como foi compilada');
        return null;
      }),
      setTimeout(PAGE_FILL_WAIT_MS, null, { ref: false }),
    ]);
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
    /** Relative to the web root: the page's prerendered file, else the shell. */
    const file = prerendered.get(pathname);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    const built = builtPages.get(file ?? 'index.html')!;
    const fill = file ? await fillFor(request, pathname) : null;
    if (!fill) return sendBuilt(request, reply, built);

    if (fill.image && LINKABLE_URL.test(fill.image)) reply.header('link', `<${fill.image}>; rel=preload; as=image; fetchpriority=high`);
    let html = built.html;
    const slot = slots.get(pathname);
    const filled = slot && fill.fields ? fillSlot(slot, fill.fields) : null;
    // Replaced through functions: a '$' in the data is not a replacement pattern.
    if (slot && filled) html = html.replace(slot.placeholder, () => filled);
    if (fill.answers) html = html.replace('</body>', () => `${answersScript(fill.answers!)}</body>`);
    return reply.send(html);
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

/** A built page as it is: revalidated by its ETag, in the encoding the browser prefers. */
function sendBuilt(request: FastifyRequest, reply: FastifyReply, page: BuiltPage) {
  reply.header('etag', page.etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(page.identity);
  page[encoding] ??= compressed(page.identity, encoding);
  return reply.header('content-encoding', encoding).send(page[encoding]);
}

/** The build's slots (`prerendered/slots.json`: page path to its placeholder and template). */
function readSlots(root: string): Map<string, Slot> {
  const file = path.join(root, 'prerendered', 'slots.json');
  if (!fs.existsSync(file)) return new Map();
  const slots = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Partial<Slot>>;
  return new Map(
    Object.entries(slots).flatMap(([page, slot]) =>
      typeof slot.placeholder === 'string' && slot.placeholder && typeof slot.template === 'string' ? [[page, slot as Slot]] : [],
    ),
  );
}

// Renders a public page to HTML that paints before any script runs and that main.tsx hydrates. The
// build renders each page without data or session (its loading states); the API's page server renders
// it again with the public answers it has cached (`data`), which it also puts in the page, so the
// browser's first render starts from the same answers and matches the HTML.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from './app/app-root';
import { routePatterns, routes } from './app/route-table';
import { renderWithPageData, type PageData } from './lib/page-data';

export type { PageData };

export { PRERENDERED_PATHS } from './prerendered-paths';

/** Every path pattern of the route table (the build lists them for the page server's 404s). */
export const ROUTE_PATTERNS = routePatterns();

/**
 * The elements React writes before the page's markup: the page's title, description and Open Graph tags
 * (PageHead), which go in the page's head, and preloads (a high-priority image's), which stay before the markup.
 */
const LEADING_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;
const HEAD_TAG = /<title>[^<]*<\/title>|<meta [^>]*\/>/g;

/** The page's markup (what goes inside `#root`), rendered with `data` as the page's answers. */
export async function renderPage(path: string, data: PageData | null = null): Promise<string> {
  return (await renderPageParts(path, data)).body;
}

/** The page's head tags (for the page's `<head>`) and its markup (for `#root`). */
export async function renderPageParts(path: string, data: PageData | null = null): Promise<{ head: string; body: string }> {
  const markup = await renderMarkup(path, data);
  const leading = LEADING_TAGS.exec(markup)?.[0] ?? '';
  const head = (leading.match(HEAD_TAG) ?? []).join('');
  const body = leading.replace(HEAD_TAG, '') + markup.slice(leading.length);
  if (!head.includes('<title>')) throw new Error(`${path}: o título da página não veio antes da página.`);
  return { head, body };
}

async function renderMarkup(path: string, data: PageData | null): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://vitrine.invalid')));
  if (context instanceof Response) throw new Error(`${path}: a rota redirecionou (${context.status}).`);
  if (context.errors) throw new Error(`${path}: a rota falhou: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderWithPageData(data, () =>
    renderToString(
      <AppRoot>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppRoot>,
    ),
  );
}

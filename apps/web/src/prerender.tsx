// Renders a public page to HTML that paints before any script runs and that main.tsx hydrates. The
// build renders each page without data or session (its loading states); the API's page server renders
// it again with the public answers it has cached (`data`), which it also puts in the page, so the
// browser's first render starts from the same answers and matches the HTML.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from './app/app-root';
import { routes } from './app/route-table';
import { renderWithPageData, type PageData } from './lib/page-data';

export type { PageData };

export { PRERENDERED_PATHS } from './prerendered-paths';

/** The page's markup (what goes inside `#root`), rendered with `data` as the page's answers. */
export async function renderPage(path: string, data: PageData | null = null): Promise<string> {
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

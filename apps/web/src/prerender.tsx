// The build's prerender entry: renders a public page as the server would first see it (no data,
// no session) so its HTML paints before any script runs. main.tsx then renders the same page over it.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from './app/app-root';
import { routes } from './app/route-table';
import { slotField } from '@vitrine/domain/page-slots';
import { MediaHeroBanner, MediaHeroSkeleton } from './features/media/components/media-hero';

/** The public site's pages; the others (sign-in, admin, calculator, unknown paths) get the empty shell. */
export const PRERENDERED_PATHS = [
  '/',
  '/sobre',
  '/funcionalidades',
  '/contato',
  '/streaming',
  '/midia',
  '/apps',
  '/apps/ativacao',
  '/knowledgebase',
  '/docs',
  '/privacidade',
  '/termos',
  '/chat',
] as const;

export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://vitrine.invalid')));
  if (context instanceof Response) throw new Error(`${path}: a rota redirecionou (${context.status}).`);
  if (context.errors) throw new Error(`${path}: a rota falhou: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppRoot>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
}

const nothing = () => undefined;

/**
 * Parts of a prerendered page that the page server fills at request time from data it has cached: the
 * page as built shows `placeholder` (what the app shows while loading); the server puts `template` in
 * its place with each field's text, escaped. `/midia`'s hero is its largest paint.
 */
export function renderPageSlots(): Record<string, { placeholder: string; template: string }> {
  return {
    '/midia': {
      placeholder: renderToString(<MediaHeroSkeleton />),
      template: renderToString(
        <MediaHeroBanner
          text={{ title: slotField('title'), kindAndYear: slotField('kindAndYear'), vote: slotField('vote'), overview: slotField('overview') }}
          image={{ source: 'local', path: slotField('imageUrl') }}
          trailer="pending"
          onTrailer={nothing}
          onDetails={nothing}
        />,
      ),
    },
  };
}

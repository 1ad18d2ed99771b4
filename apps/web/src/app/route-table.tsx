import type { RouteObject } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { RouteError } from '@/components/errors/route-error';
import type { PageHandle } from '@/components/layouts/page-head';
import { PageLoading } from '@/components/layouts/page-loading';
import { RequirePro } from '@/features/auth/components/require-pro';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { Component as Home } from './routes/home';

// Every route of the specification's route table. Pages other than home load on demand, so the
// public pages never download the admin or calculator code. A page opened directly renders the
// nearest fallback while its code arrives: the site's header and footer around a loading state,
// or a loading screen for the pages outside the site layout. The browser runs them in a browser
// router (main.tsx); the build renders the public pages' first paint from them (prerender.tsx).
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading className="min-h-screen" />,
    children: [
      {
        element: <SiteLayout />,
        errorElement: <RouteError />,
        hydrateFallbackElement: <SiteLayout pending />,
        children: [
          { index: true, element: <Home /> },
          { path: 'sobre', lazy: () => import('./routes/about') },
          { path: 'funcionalidades', lazy: () => import('./routes/features') },
          { path: 'contato', lazy: () => import('./routes/contact') },
          { path: 'streaming', lazy: () => import('./routes/streaming') },
          { path: 'midia', lazy: () => import('./routes/media') },
          { path: 'apps', lazy: () => import('./routes/app-store') },
          { path: 'apps/ativacao', lazy: () => import('./routes/app-activation') },
          // One page under two addresses, each with a title of its own (routes/docs.tsx names none).
          {
            path: 'knowledgebase',
            lazy: () => import('./routes/docs'),
            handle: {
              title: 'Base de conhecimento',
              description: 'Guia do usuário da Vitrine: como assinar, ativar e usar os apps e o assistente de IA.',
            } satisfies PageHandle,
          },
          {
            path: 'docs',
            lazy: () => import('./routes/docs'),
            handle: {
              title: 'Documentação',
              description: 'Documentação da Vitrine: o guia do usuário dos planos, dos apps e do assistente de IA.',
            } satisfies PageHandle,
          },
          { path: 'privacidade', lazy: () => import('./routes/privacy') },
          { path: 'termos', lazy: () => import('./routes/terms') },
          { path: 'chat', lazy: () => import('./routes/chat') },
          // The customer's subscription, by the link the shop sends (issue 46): never prerendered nor indexed.
          { path: 'minha-assinatura', lazy: () => import('./routes/my-subscription') },
          { path: '*', element: <NotFound />, handle: { title: 'Página não encontrada' } satisfies PageHandle },
        ],
      },
      { path: 'auth', lazy: () => import('./routes/auth') },
      // Pages of the mailed links (the secret travels after '#', never to the server in a URL).
      { path: 'auth/confirmar', lazy: () => import('./routes/auth-confirm') },
      { path: 'auth/redefinir-senha', lazy: () => import('./routes/auth-reset') },
      // Enrolment in two-factor sign-in, first thing for an admin when REQUIRE_TWO_FACTOR is on.
      { path: 'auth/duas-etapas', lazy: () => import('./routes/auth-two-factor') },
      {
        // Active PRO users only: 'Verificando permissões...', then /auth or 'Acesso Restrito'.
        element: <RequirePro />,
        children: [
          { path: 'admin/*', lazy: () => import('./routes/admin') },
          { path: 'pricing-calculator', lazy: () => import('./routes/pricing-calculator') },
        ],
      },
    ],
  },
];

/**
 * The paths the route table answers, as patterns ('/admin/*' for a route with a splat), without the site's
 * catch-all: the build writes them beside the prerendered pages, and the page server answers any other
 * path with the 'not found' page and status 404.
 */
export function routePatterns(table: RouteObject[] = routes, parent = ''): string[] {
  return table.flatMap((route) => {
    const own = route.index ? parent : route.path === undefined ? parent : `${parent}/${route.path}`;
    const patterns = (route.path !== undefined || route.index) && route.path !== '*' ? [own || '/'] : [];
    return [...patterns, ...routePatterns(route.children ?? [], own)];
  });
}

import type { RouteObject } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { RouteError } from '@/components/errors/route-error';
import { PageLoading } from '@/components/layouts/page-loading';
import { RootLayout } from '@/components/layouts/root-layout';
import { RequirePro } from '@/features/auth/components/require-pro';
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
          { path: 'knowledgebase', lazy: () => import('./routes/docs') },
          { path: 'docs', lazy: () => import('./routes/docs') },
          { path: 'privacidade', lazy: () => import('./routes/privacy') },
          { path: 'termos', lazy: () => import('./routes/terms') },
          { path: 'chat', lazy: () => import('./routes/chat') },
          { path: '*', element: <NotFound /> },
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

import { createBrowserRouter } from 'react-router';
import { RootLayout } from '@/components/layouts/root-layout';
import { SiteLayout } from '@/components/layouts/site-layout';
import { RouteError } from '@/components/errors/route-error';
import { NotFound } from '@/components/errors/not-found';
import { RequirePro } from '@/features/auth/components/require-pro';
import { Component as Home } from './routes/home';

// Every route of the specification's route table (public-site.md §2). Pages other than home load
// on demand, so the public pages never download the admin or calculator code.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <SiteLayout />,
        errorElement: <RouteError />,
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
          { path: '*', element: <NotFound /> },
        ],
      },
      { path: 'auth', lazy: () => import('./routes/auth') },
      { path: 'chat', lazy: () => import('./routes/chat') },
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
]);

import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { recordAccessEvent } from '@/lib/access-tracking';
import { PageHead } from './page-head';

export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    recordAccessEvent(pathname);
  }, [pathname]);
  return (
    <>
      <PageHead />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageHead } from '@/components/layouts/page-head';
import { recordAccessEvent } from '@/features/analytics/api/record-access-event';

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

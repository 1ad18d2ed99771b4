import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '@/components/layouts/page-loading';
import { useSession } from '@/features/auth/api/get-session';
import { Footer } from './footer';
import { Header } from './header';

/** Header, page and footer; `pending` while the first page's code is still arriving. */
export function SiteLayout({ pending = false }: { pending?: boolean }) {
  const session = useSession();
  // REQUIRE_TWO_FACTOR: the API refuses every request of a session without a second factor, public pages'
  // data included, so such a session is sent to enrolment from any page, as from /admin.
  if (session.data?.twoFactorRequired) return <Navigate to="/auth/duas-etapas" replace />;
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#conteudo" className="focus:bg-background sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:p-2">
        Pular para o conteúdo
      </a>
      <Header />
      <div id="conteudo" className="flex-1">
        {pending ? <PageLoading /> : <Outlet />}
      </div>
      <Footer />
    </div>
  );
}

import { Outlet } from 'react-router';
import { PageLoading } from '@/components/layouts/page-loading';
import { Footer } from './footer';
import { Header } from './header';

/** Header, page and footer; `pending` while the first page's code is still arriving. */
export function SiteLayout({ pending = false }: { pending?: boolean }) {
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

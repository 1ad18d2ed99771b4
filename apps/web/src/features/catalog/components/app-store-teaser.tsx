import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/errors/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useApps } from '../api/get-apps';
import { DEFAULT_APP_FILTERS, filterApps } from '../lib/app-filters';
import { AppCard } from './app-card';
import { useAppDetailDialog } from './lazy-app-detail-dialog';

const TEASER_SIZE = 6;

/** Up to 6 featured apps on the home page, without search or filters. */
export function AppStoreTeaser() {
  const apps = useApps();
  useLoadErrorToast(apps.error, 'aplicativos');
  const { open, dialog } = useAppDetailDialog();
  const featured = filterApps(apps.data ?? [], DEFAULT_APP_FILTERS)
    .filter((app) => app.isFeatured)
    .slice(0, TEASER_SIZE);
  const failed = apps.isError && apps.data === undefined;

  return (
    <section id="apps" aria-labelledby="apps-titulo" className="bg-muted/40 px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end">
          <div>
            <h2 id="apps-titulo" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Loja de Apps
            </h2>
            <p className="text-muted-foreground mt-2">Aplicativos oficiais para assistir em qualquer tela.</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/apps">
              Ver todos os apps
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {apps.isPending
            ? Array.from({ length: 3 }, (_, index) => <Skeleton key={index} className="h-80 rounded-xl" />)
            : featured.map((app) => <AppCard key={app.id} app={app} onDetails={open} />)}
        </div>
        {failed && <LoadError title="Não foi possível carregar os aplicativos." query={apps} />}
        {apps.data !== undefined && featured.length === 0 && (
          <p className="text-muted-foreground mt-6 text-center">Nenhum aplicativo em destaque no momento.</p>
        )}
      </div>
      {dialog}
    </section>
  );
}

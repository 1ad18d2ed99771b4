import { Baby, Clapperboard, Headphones, Music, Search, SearchX, Store, Trophy, User, Video } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PublicStreamingApp } from '@vitrine/domain/catalog';
import { STREAMING_APP_CATEGORIES } from '@vitrine/domain/catalog-text';
import { chatIntentHref } from '@vitrine/domain/chat-intent-link';
import { LoadError } from '@/components/errors/load-error';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { plural } from '@/lib/format';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useStreamingApps } from '../api/get-streaming-apps';
import { ALL_CATEGORIES, matchesSearch } from '../lib/app-filters';
import { StreamingAppCard } from './streaming-app-card';
import { StreamingAppDialog } from './streaming-app-dialog';
import type { PriceMode } from './streaming-intent';

const categoryIcons: Record<string, typeof Video> = {
  'filmes-series': Clapperboard,
  esportes: Trophy,
  musica: Music,
  infantil: Baby,
  documentarios: Video,
};

const CATEGORY_OPTIONS = [
  { value: ALL_CATEGORIES, label: 'Todas as Categorias' },
  ...STREAMING_APP_CATEGORIES.map((option) => ({ value: option.id, label: option.name })),
];

/** /apps/ativacao: client or reseller prices, search, category filter and the app grid. */
export function AppActivation() {
  const apps = useStreamingApps();
  useLoadErrorToast(apps.error, 'apps de ativação');
  const failed = apps.isError && apps.data === undefined;
  const [mode, setMode] = useState<PriceMode>('cliente');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const [selected, setSelected] = useState<PublicStreamingApp | null>(null);
  // The dialog opens without a Radix trigger, so focus is handed back to the opener by hand.
  const opener = useRef<HTMLElement | null>(null);
  const openDetails = (app: PublicStreamingApp) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSelected(app);
  };

  const visible = useMemo(
    () =>
      (apps.data ?? [])
        .filter((app) => category === ALL_CATEGORIES || app.category === category)
        .filter((app) => matchesSearch([app.name, app.description], search)),
    [apps.data, category, search],
  );

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-violet-700 via-violet-600 to-fuchsia-600 px-4 py-14 text-white sm:py-20">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Ativação de Apps</h1>
          <p className="mx-auto mt-4 max-w-2xl text-base text-white/85 sm:text-lg">
            Ative os melhores aplicativos de streaming em minutos. Escolha o app, veja o preço e fale com a gente para ativar.
          </p>
          <div className="mt-8 flex justify-center">
            <ToggleGroup
              type="single"
              value={mode}
              onValueChange={(value) => (value === 'cliente' || value === 'revendedor') && setMode(value)}
              aria-label="Tipo de preço"
              className="bg-white/15 text-white"
            >
              <ToggleGroupItem value="cliente" className="px-4 text-white/85 hover:text-white data-[state=on]:bg-white data-[state=on]:text-violet-700">
                <User aria-hidden />
                Cliente Final
              </ToggleGroupItem>
              <ToggleGroupItem value="revendedor" className="px-4 text-white/85 hover:text-white data-[state=on]:bg-white data-[state=on]:text-violet-700">
                <Store aria-hidden />
                Revendedor
              </ToggleGroupItem>
            </ToggleGroup>
          </div>
          <p className="mt-3 text-sm text-white/80">{mode === 'revendedor' ? 'Preços especiais para revendedores.' : 'Preços normais para o cliente final.'}</p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Categorias em destaque">
          {STREAMING_APP_CATEGORIES.map((option) => {
            const Icon = categoryIcons[option.id] ?? Video;
            const active = category === option.id;
            return (
              <Button
                key={option.id}
                type="button"
                variant={active ? 'default' : 'outline'}
                aria-pressed={active}
                onClick={() => setCategory(active ? ALL_CATEGORIES : option.id)}
                className="rounded-full"
              >
                <Icon aria-hidden />
                {option.name}
              </Button>
            );
          })}
        </div>

        <div className="bg-card flex flex-col gap-3 rounded-xl border p-4 shadow-sm sm:flex-row">
          <div className="relative flex-1">
            <Search className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden />
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Buscar por nome ou descrição..."
              aria-label="Buscar aplicativos"
              className="pl-9"
            />
          </div>
          <FilterSelect value={category} options={CATEGORY_OPTIONS} onValueChange={setCategory} label="Categoria" className="w-full sm:w-56" />
        </div>

        <h2 className="sr-only">Aplicativos</h2>
        {!failed && (
          <p className="text-muted-foreground text-sm" aria-live="polite" data-testid="activation-count">
            {apps.isPending ? 'Carregando aplicativos...' : plural(visible.length, 'aplicativo encontrado', 'aplicativos encontrados')}
          </p>
        )}

        {apps.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-72 rounded-xl" />
            ))}
          </div>
        ) : failed ? (
          <LoadError title="Não foi possível carregar os aplicativos." query={apps} />
        ) : visible.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-14 text-center">
            <SearchX className="text-muted-foreground size-10" aria-hidden />
            <p className="font-medium">Nenhum aplicativo encontrado</p>
            <p className="text-muted-foreground text-sm">Tente outra busca ou categoria.</p>
          </div>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((app) => (
              <StreamingAppCard key={app.id} app={app} mode={mode} onDetails={openDetails} />
            ))}
          </div>
        )}

        <div className="bg-accent/50 flex flex-col items-center gap-4 rounded-2xl p-6 text-center sm:flex-row sm:text-left">
          <Headphones className="text-primary size-10 shrink-0" aria-hidden />
          <div className="flex-1">
            <h2 className="text-lg font-semibold">Precisa de ajuda com a ativação?</h2>
            <p className="text-muted-foreground text-sm">Nosso suporte ajuda você a escolher e ativar o app certo.</p>
          </div>
          <Button asChild variant="outline">
            <Link to={chatIntentHref({ kind: 'support', about: 'activation' })}>Falar com o suporte</Link>
          </Button>
        </div>
      </div>

      <StreamingAppDialog
        app={selected}
        mode={mode}
        onOpenChange={(open) => !open && setSelected(null)}
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
      />
    </>
  );
}

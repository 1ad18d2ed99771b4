import { LayoutGrid, List, Search, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { appCategoryName } from '@vitrine/domain/catalog-text';
import { LoadError } from '@/components/errors/load-error';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { plural } from '@/lib/format';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { cn } from '@/lib/utils';
import { useAppCategories } from '../api/get-app-categories';
import { useApps } from '../api/get-apps';
import { ALL_CATEGORIES, APP_SORT_LABELS, APP_SORTS, DEFAULT_APP_FILTERS, filterApps, type AppFilters } from '../lib/app-filters';
import { AppCard, type AppLayout } from './app-card';
import { useAppDetailDialog } from './lazy-app-detail-dialog';

const SORT_OPTIONS = APP_SORTS.map((sort) => ({ value: sort, label: APP_SORT_LABELS[sort] }));

/** The full app store list: search, category, sort, grid/list and category quick buttons. */
export function AppStore() {
  const apps = useApps();
  const categoriesQuery = useAppCategories();
  useLoadErrorToast(apps.error, 'aplicativos');
  useLoadErrorToast(categoriesQuery.error, 'categorias');
  const [filters, setFilters] = useState<AppFilters>(DEFAULT_APP_FILTERS);
  const [layout, setLayout] = useState<AppLayout>('grid');
  const { open, dialog } = useAppDetailDialog();

  const categories = useMemo(() => {
    if (categoriesQuery.data) return categoriesQuery.data;
    const ids = [...new Set((apps.data ?? []).map((app) => app.category))];
    return ids.map((id) => ({ id, name: appCategoryName(id) }));
  }, [categoriesQuery.data, apps.data]);
  const categoryOptions = useMemo(
    () => [{ value: ALL_CATEGORIES, label: 'Todas as categorias' }, ...categories.map((category) => ({ value: category.id, label: category.name }))],
    [categories],
  );
  const visible = useMemo(() => filterApps(apps.data ?? [], filters), [apps.data, filters]);
  const update = (patch: Partial<AppFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const filtered = filters.search.trim() !== '' || filters.category !== ALL_CATEGORIES;
  const failed = apps.isError && apps.data === undefined;

  return (
    <div className="space-y-6">
      <div className="bg-card flex flex-col gap-3 rounded-xl border p-4 shadow-sm lg:flex-row lg:items-center">
        <div className="relative flex-1">
          <Search className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden />
          <Input
            type="search"
            value={filters.search}
            onChange={(event) => update({ search: event.target.value })}
            placeholder="Buscar aplicativos..."
            aria-label="Buscar aplicativos"
            className="pl-9"
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <FilterSelect
            value={filters.category}
            options={categoryOptions}
            onValueChange={(category) => update({ category })}
            label="Categoria"
            className="min-w-44 flex-1 sm:flex-none"
          />
          <FilterSelect
            value={filters.sort}
            options={SORT_OPTIONS}
            onValueChange={(sort) => update({ sort })}
            label="Ordenar por"
            className="min-w-44 flex-1 sm:flex-none"
          />
          <ToggleGroup
            type="single"
            value={layout}
            onValueChange={(value) => (value === 'grid' || value === 'list') && setLayout(value)}
            aria-label="Modo de exibição"
          >
            <ToggleGroupItem value="grid" aria-label="Grade">
              <LayoutGrid />
            </ToggleGroupItem>
            <ToggleGroupItem value="list" aria-label="Lista">
              <List />
            </ToggleGroupItem>
          </ToggleGroup>
        </div>
      </div>

      <div className="flex flex-wrap gap-2" role="group" aria-label="Categorias">
        {[{ id: ALL_CATEGORIES, name: 'Todos' }, ...categories].map((category) => (
          <Button
            key={category.id}
            type="button"
            size="sm"
            variant={filters.category === category.id ? 'default' : 'outline'}
            aria-pressed={filters.category === category.id}
            onClick={() => update({ category: category.id })}
            className="rounded-full"
          >
            {category.name}
          </Button>
        ))}
      </div>

      {!failed && (
        <p className="text-muted-foreground text-sm" aria-live="polite" data-testid="app-count">
          {apps.isPending ? 'Carregando aplicativos...' : plural(visible.length, 'aplicativo encontrado', 'aplicativos encontrados')}
        </p>
      )}

      {apps.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-80 rounded-xl" />
          ))}
        </div>
      ) : failed ? (
        <LoadError title="Não foi possível carregar os aplicativos." query={apps} />
      ) : visible.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-14 text-center">
          <SearchX className="text-muted-foreground size-10" aria-hidden />
          <p className="text-muted-foreground">Nenhum aplicativo encontrado com os filtros selecionados.</p>
          {filtered && (
            <Button variant="outline" onClick={() => setFilters(DEFAULT_APP_FILTERS)}>
              Limpar filtros
            </Button>
          )}
        </div>
      ) : (
        <div className={cn('grid gap-6', layout === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1')}>
          {visible.map((app) => (
            <AppCard key={app.id} app={app} layout={layout} onDetails={open} />
          ))}
        </div>
      )}
      {dialog}
    </div>
  );
}

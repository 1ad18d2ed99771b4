import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MediaType } from '@vitrine/domain/media';
import { MEDIA_ROWS } from '@vitrine/domain/media-display';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMediaList } from '../api/get-media-list';
import { useMediaView } from '../hooks/use-media-view';
import { activeFilterCount } from '../lib/media-filters';
import { MEDIA_KEY } from '../lib/media-query';
import { useMediaDialogs } from './media-dialogs';
import { MediaErrorState } from './media-error-state';
import { MediaFiltersButton, MediaFiltersPanel } from './media-filters';
import { MediaHero } from './media-hero';
import { MediaRow } from './media-row';
import { MediaSearch } from './media-search';

const TABS: { value: MediaType; label: string }[] = [
  { value: 'movie', label: 'Filmes' },
  { value: 'tv', label: 'Séries' },
];

/** /midia: search, the trending banner, and the rows of the Filmes and Séries tabs with filters. */
export function MediaCatalog() {
  const { view, update } = useMediaView();
  const filters = { genre: view.genre, year: view.year };
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(filters) > 0);
  const { openDetails, openTrailer, dialogs } = useMediaDialogs();
  const queryClient = useQueryClient();
  // The banner's row is the first call; when it fails the catalogue is down, and one message says so.
  const trending = useMediaList('movie', 'trending');
  const retryAll = () => void queryClient.refetchQueries({ queryKey: [MEDIA_KEY], predicate: (query) => query.state.status === 'error' });

  return (
    <div className="mx-auto w-full max-w-[calc(1184px+3rem)] space-y-8 px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <p className="text-primary text-sm font-semibold tracking-wide uppercase">Mídia</p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Filmes e Séries</h1>
          <p className="text-muted-foreground mt-1">O que está em alta, em cartaz e os mais bem avaliados, num só lugar.</p>
        </div>
        <MediaSearch onOpen={openDetails} />
      </header>

      {trending.isError ? (
        <MediaErrorState error={trending.error} onRetry={retryAll} retrying={trending.isFetching} />
      ) : (
        <>
          <MediaHero onDetails={openDetails} onTrailer={openTrailer} />

          <Tabs value={view.tab} onValueChange={(tab) => update({ tab: tab as MediaType, genre: undefined })} className="gap-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <TabsList className="h-10">
                {TABS.map((tab) => (
                  <TabsTrigger key={tab.value} value={tab.value} className="px-5">
                    {tab.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              <MediaFiltersButton filters={filters} open={filtersOpen} onToggle={() => setFiltersOpen((open) => !open)} />
            </div>
            {filtersOpen && <MediaFiltersPanel mediaType={view.tab} filters={filters} onChange={(next) => update(next)} />}
            {TABS.map((tab) => (
              <TabsContent key={tab.value} value={tab.value} className="space-y-10">
                {MEDIA_ROWS[tab.value].map((row) => (
                  <MediaRow key={row.list} mediaType={tab.value} list={row.list} label={row.label} filters={filters} onOpen={openDetails} />
                ))}
              </TabsContent>
            ))}
          </Tabs>

          {trending.data?.source === 'tmdb' && (
            <p className="text-muted-foreground border-t pt-6 text-xs">
              Dados e imagens de filmes e séries fornecidos pela TMDB. Este produto usa a API da TMDB, mas não é endossado nem certificado pela TMDB.
            </p>
          )}
        </>
      )}
      {dialogs}
    </div>
  );
}

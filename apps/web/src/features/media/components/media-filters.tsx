import { SlidersHorizontal, X } from 'lucide-react';
import type { MediaFilters, MediaType } from '@vitrine/domain/media';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useMediaGenres } from '../api/get-media-genres';
import { activeFilterCount, filterYears } from '../lib/media-filters';

const ALL = 'todos';
export const FILTERS_PANEL_ID = 'filtros-midia';

/** The 'Filtros' button; the count says how many filters are on. */
export function MediaFiltersButton({ filters, open, onToggle }: { filters: MediaFilters; open: boolean; onToggle: () => void }) {
  const count = activeFilterCount(filters);
  return (
    <Button variant={count > 0 ? 'secondary' : 'outline'} aria-expanded={open} aria-controls={FILTERS_PANEL_ID} onClick={onToggle}>
      <SlidersHorizontal aria-hidden />
      Filtros
      {count > 0 && (
        <span className="bg-primary text-primary-foreground rounded-full px-1.5 text-xs" aria-label={`${count} ativo${count > 1 ? 's' : ''}`}>
          {count}
        </span>
      )}
    </Button>
  );
}

/** Genre and year for the rows of the open tab. */
export function MediaFiltersPanel({
  mediaType,
  filters,
  onChange,
}: {
  mediaType: MediaType;
  filters: MediaFilters;
  onChange: (filters: MediaFilters) => void;
}) {
  const genres = useMediaGenres(mediaType);
  const years = filterYears();
  const count = activeFilterCount(filters);
  const knownGenres = genres.data?.genres ?? [];
  // A genre from the URL that this source does not know is still shown, so it can be cleared.
  const options =
    filters.genre !== undefined && !knownGenres.some((genre) => genre.id === filters.genre)
      ? [...knownGenres, { id: filters.genre, name: `Gênero ${filters.genre}` }]
      : knownGenres;

  return (
    <div
      id={FILTERS_PANEL_ID}
      role="group"
      aria-label="Filtros"
      className="bg-card flex flex-col gap-4 rounded-xl border p-4 shadow-sm sm:flex-row sm:items-end"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor="filtro-genero">Gênero</Label>
        <Select
          value={filters.genre !== undefined ? String(filters.genre) : ALL}
          onValueChange={(value) => onChange({ ...filters, genre: value === ALL ? undefined : Number(value) })}
          disabled={genres.isError && options.length === 0}
        >
          <SelectTrigger id="filtro-genero" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Todos os gêneros</SelectItem>
            {options.map((genre) => (
              <SelectItem key={genre.id} value={String(genre.id)}>
                {genre.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {genres.isError && <p className="text-destructive text-xs">Não foi possível carregar os gêneros.</p>}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor="filtro-ano">Ano</Label>
        <Select
          value={filters.year !== undefined ? String(filters.year) : ALL}
          onValueChange={(value) => onChange({ ...filters, year: value === ALL ? undefined : Number(value) })}
        >
          <SelectTrigger id="filtro-ano" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            <SelectItem value={ALL}>Todos os anos</SelectItem>
            {(filters.year !== undefined && !years.includes(filters.year) ? [filters.year, ...years] : years).map((year) => (
              <SelectItem key={year} value={String(year)}>
                {year}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button variant="ghost" disabled={count === 0} onClick={() => onChange({ genre: undefined, year: undefined })}>
        <X aria-hidden />
        Limpar filtros
      </Button>
    </div>
  );
}

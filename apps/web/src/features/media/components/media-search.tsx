import { Loader2, Search } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { MediaListItem } from '@vitrine/domain/media';
import { isSearchableQuery, SEARCH_DROPDOWN_SIZE } from '@vitrine/domain/media-display';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useMediaSearch } from '../api/search-media';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { displayTitle, typeLabel } from '../lib/media-format';
import { MediaImage } from './media-image';

/** Typing waits this long before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The results list's id, fixed (one search per page): React's useId differs between the prerendered /midia
 * and the app, and the field keeps the server's id in aria-controls after hydration while the list, shown
 * later, took the app's, so the field named a list that did not exist.
 */
const RESULTS_LIST_ID = 'busca-midia-resultados';

/** Search over movies and series, with a dropdown of at most 8 results. */
export function MediaSearch({ onOpen, className }: { onOpen: (item: MediaListItem) => void; className?: string }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wrapper = useRef<HTMLDivElement>(null);
  const listId = RESULTS_LIST_ID;
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useMediaSearch(debounced);

  const searchable = isSearchableQuery(text);
  const settled = searchable && text.trim() === debounced && !search.isFetching;
  const results = settled && search.data ? search.data.results.slice(0, SEARCH_DROPDOWN_SIZE) : [];
  const showDropdown = open && searchable;

  const choose = (item: MediaListItem) => {
    setOpen(false);
    setActive(-1);
    onOpen(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && showDropdown) {
      event.preventDefault();
      setOpen(false);
      return;
    }
    if (!results.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + results.length) % results.length);
    } else if (event.key === 'Enter' && active >= 0 && results[active]) {
      event.preventDefault();
      choose(results[active]);
    }
  };

  return (
    <div
      ref={wrapper}
      className={cn('relative w-full lg:max-w-md', className)}
      onBlur={(event) => {
        if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden />
      <Input
        type="search"
        role="combobox"
        aria-label="Buscar filmes e séries"
        aria-expanded={showDropdown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && results[active] ? `${listId}-${active}` : undefined}
        placeholder="Buscar filmes e séries..."
        value={text}
        maxLength={100}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="h-11 pl-9"
      />
      {showDropdown && (
        <div
          className="bg-popover text-popover-foreground absolute inset-x-0 top-full z-40 mt-2 max-h-[min(70vh,36rem)] overflow-y-auto rounded-xl border shadow-xl"
          data-testid="media-search-dropdown"
        >
          {!settled ? (
            <p className="text-muted-foreground flex items-center gap-2 px-4 py-3 text-sm" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden />
              Buscando...
            </p>
          ) : search.isError ? (
            <p className="text-destructive px-4 py-3 text-sm" role="alert">
              {search.error.message || 'Não foi possível buscar agora. Tente novamente.'}
            </p>
          ) : results.length === 0 ? (
            <p className="text-muted-foreground px-4 py-3 text-sm" role="status">
              Nenhum resultado encontrado
            </p>
          ) : null}
          <ul id={listId} role="listbox" aria-label="Resultados da busca" className={cn(results.length === 0 && 'hidden')}>
            {results.map((item, index) => (
              <li
                key={`${item.mediaType}-${item.id}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                data-testid="media-search-result"
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(item)}
                className={cn('flex cursor-pointer gap-3 px-3 py-2.5', index === active && 'bg-accent text-accent-foreground')}
              >
                <MediaImage source={item.source} path={item.posterPath} kind="poster" width={48} alt="" className="h-[72px] w-12 shrink-0 rounded" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{displayTitle(item)}</span>
                    <Badge variant={item.mediaType === 'movie' ? 'default' : 'secondary'} data-testid="media-type-badge">
                      {typeLabel(item)}
                    </Badge>
                    {item.year && <span className="text-muted-foreground text-xs">{item.year}</span>}
                  </div>
                  {item.overview && <p className="text-muted-foreground mt-0.5 line-clamp-2 text-xs">{item.overview}</p>}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

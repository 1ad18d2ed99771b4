import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { Link as SiteLink } from '@vitrine/domain/content';
import { matchesExactly } from '@vitrine/domain/site-config';
import { cn } from '@/lib/utils';

// The 'Mais' menu loads only when some link does not fit (never on a phone, where the row is hidden).
const HeaderOverflowMenu = lazy(() => import('./header-overflow-menu').then((module) => ({ default: module.HeaderOverflowMenu })));

const linkClass = 'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors';

const isCurrent = (href: string, pathname: string, links: SiteLink[]) =>
  matchesExactly(href, links) ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);

/**
 * How many links fit in `available` pixels. `rights[i]` is where link i ends, measured from where
 * the first one starts; when not all fit, room is kept for the 'Mais' button after a gap.
 */
function linksThatFit(rights: number[], moreWidth: number, gap: number, available: number): number {
  const all = rights.length;
  if (all === 0 || rights[all - 1]! <= available) return all;
  let count = all - 1;
  while (count > 0 && rights[count - 1]! + gap + moreWidth > available) count -= 1;
  return count;
}

/**
 * The header's links from the mobile breakpoint up: as many as fit the row, in order, and the rest
 * under 'Mais'. The labels come from site configuration, so the fit is measured, not guessed per
 * breakpoint: an invisible copy of every link gives the widths, and the row's own width is watched.
 */
export function HeaderNav({ links }: { links: SiteLink[] }) {
  const rowRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(links.length);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const { pathname } = useLocation();

  useLayoutEffect(() => {
    const row = rowRef.current;
    const measure = measureRef.current;
    if (!row || !measure) return;
    const fit = () => {
      const items = [...measure.querySelectorAll<HTMLElement>('[data-measure="link"]')];
      const more = measure.querySelector<HTMLElement>('[data-measure="more"]');
      if (items.length === 0 || !more) return;
      const start = items[0]!.getBoundingClientRect().left;
      const rights = items.map((item) => item.getBoundingClientRect().right - start);
      const gap = parseFloat(getComputedStyle(measure).columnGap) || 0;
      setCount(linksThatFit(rights, more.getBoundingClientRect().width, gap, row.clientWidth));
    };
    // The observer's first report (once the browser lays the page out for its next frame) makes the first
    // fit: measuring here would make the browser lay the whole page out inside this commit.
    const observer = new ResizeObserver(fit);
    observer.observe(row);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [links]);

  const inline = links.slice(0, count);
  const overflow = links.slice(count);
  const overflowCurrent = overflow.some((link) => isCurrent(link.href, pathname, links));
  const moreClass = cn(
    linkClass,
    'hover:text-foreground focus-visible:ring-ring/50 inline-flex items-center gap-1 outline-none focus-visible:ring-[3px]',
    overflowCurrent ? 'text-foreground bg-accent/60' : 'text-muted-foreground',
  );

  return (
    <nav ref={rowRef} aria-label="Navegação principal" className="relative hidden min-w-0 flex-1 items-center justify-center gap-1 md:flex">
      {inline.map((link) => (
        <NavLink
          key={link.href}
          to={link.href}
          end={matchesExactly(link.href, links)}
          className={({ isActive }) => cn(linkClass, 'hover:text-foreground', isActive ? 'text-foreground bg-accent/60' : 'text-muted-foreground')}
        >
          {link.label}
        </NavLink>
      ))}
      {overflow.length > 0 && (
        // Until the menu's code arrives, the same-looking button stands in its place; a click on it
        // opens the menu as soon as it is there.
        <Suspense
          fallback={
            <button type="button" className={moreClass} aria-haspopup="menu" aria-expanded={false} onClick={() => setOpenOnLoad(true)}>
              Mais
              <ChevronDown className="size-4" aria-hidden />
            </button>
          }
        >
          <HeaderOverflowMenu links={overflow} allLinks={links} triggerClassName={moreClass} defaultOpen={openOnLoad} />
        </Suspense>
      )}
      {/* Never seen nor announced: only measured. Clipped to the row so it cannot widen the page. */}
      <div aria-hidden className="invisible absolute inset-x-0 top-0 h-0 overflow-hidden">
        <div ref={measureRef} className="flex w-max gap-1">
          {links.map((link) => (
            <span key={link.href} data-measure="link" className={linkClass}>
              {link.label}
            </span>
          ))}
          <span data-measure="more" className={cn(linkClass, 'inline-flex items-center gap-1')}>
            Mais
            <ChevronDown className="size-4" />
          </span>
        </div>
      </div>
    </nav>
  );
}

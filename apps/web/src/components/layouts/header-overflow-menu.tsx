import { ChevronDown } from 'lucide-react';
import { NavLink } from 'react-router';
import type { Link as SiteLink } from '@vitrine/domain/content';
import { matchesExactly } from '@vitrine/domain/site-config';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';

/** 'Mais': the header links that do not fit the row. */
export function HeaderOverflowMenu({
  links,
  allLinks,
  triggerClassName,
  defaultOpen = false,
}: {
  links: SiteLink[];
  /** Every header link, the ones in the row too: a link with another under it is current on its own address only. */
  allLinks: SiteLink[];
  triggerClassName: string;
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={triggerClassName}>
        Mais
        <ChevronDown className="size-4" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {links.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <NavLink to={link.href} end={matchesExactly(link.href, allLinks)} className={({ isActive }) => cn(isActive && 'bg-accent/60 text-foreground')}>
              {link.label}
            </NavLink>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

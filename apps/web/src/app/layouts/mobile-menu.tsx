import { MessageCircle } from 'lucide-react';
import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import type { Link as SiteLink } from '@vitrine/domain/content';
import { matchesExactly } from '@vitrine/domain/site-config';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { UserMenu } from '@/features/auth/components/user-menu';
import { cn } from '@/lib/utils';

/** The hamburger menu's panel: the site's links, the account and 'Iniciar Chat'. */
export function MobileMenu({
  open,
  onOpenChange,
  navigation,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  navigation: SiteLink[];
  /** The button that opened it, focused again when it closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-72"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Links de navegação do site</SheetDescription>
        </SheetHeader>
        <nav aria-label="Navegação móvel" className="flex flex-col gap-1 px-4">
          {navigation.map((link) => (
            <NavLink
              key={link.href}
              to={link.href}
              end={matchesExactly(link.href, navigation)}
              onClick={close}
              className={({ isActive }) =>
                cn('rounded-md px-3 py-2.5 text-base font-medium', isActive ? 'bg-accent text-foreground' : 'text-muted-foreground hover:text-foreground')
              }
            >
              {link.label}
            </NavLink>
          ))}
          <div className="mt-4 border-t pt-4" onClick={close}>
            <UserMenu layout="sheet" />
          </div>
          <Button asChild variant="gradient" className="mt-2" onClick={close}>
            <Link to="/chat">
              <MessageCircle aria-hidden />
              Iniciar Chat
            </Link>
          </Button>
        </nav>
      </SheetContent>
    </Sheet>
  );
}

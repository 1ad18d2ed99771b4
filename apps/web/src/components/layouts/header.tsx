import { useState } from 'react';
import { Menu, MessageCircle } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { resolveHeaderConfig } from '@vitrine/domain/content';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useSiteConfig } from '@/features/content/api/get-site-config';
import { cn } from '@/lib/utils';
import { Brand } from './brand';

export function Header() {
  const [open, setOpen] = useState(false);
  // The header section of site configuration; the specification's links show until it arrives.
  const { data } = useSiteConfig('header');
  const { brand, navigation } = resolveHeaderConfig(data?.entries ?? {});
  return (
    <header className="bg-background/80 supports-[backdrop-filter]:bg-background/60 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Brand text={brand.text} />
        <nav aria-label="Navegação principal" className="hidden items-center gap-1 lg:flex">
          {navigation.map((link) => (
            <NavLink
              key={link.href}
              to={link.href}
              end={link.href === '/'}
              className={({ isActive }) =>
                cn(
                  'hover:text-foreground rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  isActive ? 'text-foreground bg-accent/60' : 'text-muted-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <UserMenu />
          <Button asChild variant="gradient" className="hidden sm:inline-flex">
            <Link to="/chat">
              <MessageCircle aria-hidden />
              Iniciar Chat
            </Link>
          </Button>
          <Sheet open={open} onOpenChange={setOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Abrir menu">
                <Menu className="size-5" />
              </Button>
            </SheetTrigger>
            <SheetContent side="right" className="w-72">
              <SheetHeader>
                <SheetTitle>Menu</SheetTitle>
                <SheetDescription className="sr-only">Links de navegação do site</SheetDescription>
              </SheetHeader>
              <nav aria-label="Navegação móvel" className="flex flex-col gap-1 px-4">
                {navigation.map((link) => (
                  <NavLink
                    key={link.href}
                    to={link.href}
                    end={link.href === '/'}
                    onClick={() => setOpen(false)}
                    className={({ isActive }) =>
                      cn('rounded-md px-3 py-2.5 text-base font-medium', isActive ? 'bg-accent text-foreground' : 'text-muted-foreground hover:text-foreground')
                    }
                  >
                    {link.label}
                  </NavLink>
                ))}
                <div className="mt-4 border-t pt-4" onClick={() => setOpen(false)}>
                  <UserMenu layout="sheet" />
                </div>
                <Button asChild variant="gradient" className="mt-2" onClick={() => setOpen(false)}>
                  <Link to="/chat">
                    <MessageCircle aria-hidden />
                    Iniciar Chat
                  </Link>
                </Button>
              </nav>
            </SheetContent>
          </Sheet>
        </div>
      </div>
    </header>
  );
}

import { useState } from 'react';
import { Menu, MessageCircle } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { resolveHeaderConfig } from '@vitrine/domain/content';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useSiteConfig } from '@/features/content/api/get-site-config';
import { cn } from '@/lib/utils';
import { Brand } from '@/components/layouts/brand';
import { HeaderNav } from '@/components/layouts/header-nav';

// Below the specification's mobile breakpoint (768 px, Tailwind's `md`) the links move into the
// hamburger menu; from there up they sit in the header row, and the ones that do not fit go into
// 'Mais' (see HeaderNav), so the header never pushes the page sideways.
export function Header() {
  const [open, setOpen] = useState(false);
  // The header section of site configuration; the specification's links show until it arrives.
  const { data } = useSiteConfig('header');
  const { brand, navigation } = resolveHeaderConfig(data?.entries ?? {});
  return (
    <header className="bg-background/80 supports-[backdrop-filter]:bg-background/60 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 2xl:max-w-[96rem]">
        <Brand text={brand.text} className="min-w-0" />
        <HeaderNav links={navigation} />
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <UserMenu />
          <Button asChild variant="gradient" className="hidden sm:inline-flex">
            <Link to="/chat">
              <MessageCircle aria-hidden />
              Iniciar Chat
            </Link>
          </Button>
          <Sheet open={open} onOpenChange={setOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu">
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

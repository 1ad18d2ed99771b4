import { Menu, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { headerFromEntries } from '@vitrine/domain/site-config';
import { Brand } from '@/components/layouts/brand';
import { HeaderNav } from '@/components/layouts/header-nav';
import { Button } from '@/components/ui/button';
import { UserMenu } from '@/features/auth/components/user-menu';
import { useSiteConfig } from '@/features/content/api/get-site-config';

// The menu's panel (a dialog) loads when it is first opened: most visits never open it.
const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));

// Below the specification's mobile breakpoint (768 px, Tailwind's `md`) the links move into the
// hamburger menu; from there up they sit in the header row, and the ones that do not fit go into
// 'Mais' (see HeaderNav), so the header never pushes the page sideways.
export function Header() {
  const [open, setOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The header section of site configuration; the specification's links show until it arrives.
  const { data } = useSiteConfig('header');
  const { brand, navigation } = headerFromEntries(data?.entries ?? {});
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
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Abrir menu"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => {
              setMenuWanted(true);
              setOpen(true);
            }}
          >
            <Menu className="size-5" />
          </Button>
          {menuWanted && (
            <Suspense fallback={null}>
              <MobileMenu open={open} onOpenChange={setOpen} navigation={navigation} trigger={menuButton} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}

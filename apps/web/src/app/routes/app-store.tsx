import type { PageHandle } from '@/components/layouts/page-head';
import { AppStore } from '@/features/catalog/components/app-store';

export const handle: PageHandle = {
  title: 'Loja de apps',
  description: 'Baixe os aplicativos oficiais da Vitrine com o seu código de acesso.',
};

export function Component() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Loja de Apps</h1>
        <p className="text-muted-foreground mt-2">Baixe os aplicativos oficiais com o seu código de acesso.</p>
      </header>
      <AppStore />
    </main>
  );
}

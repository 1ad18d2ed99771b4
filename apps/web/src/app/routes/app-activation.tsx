import type { PageHandle } from '@/components/layouts/page-head';
import { AppActivation } from '@/features/catalog/components/app-activation';

export const handle: PageHandle = {
  title: 'Ativação de apps',
  description: 'Ative aplicativos de filmes, séries, esportes, música e mais, com preços para cliente final e para revendedor.',
};

export function Component() {
  return (
    <main>
      <AppActivation />
    </main>
  );
}

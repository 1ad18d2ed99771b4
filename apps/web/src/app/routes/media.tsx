import type { PageHandle } from '@/components/layouts/page-head';
import { MediaCatalog } from '@/features/media/components/media-catalog';

export const handle: PageHandle = {
  title: 'Filmes e séries',
  description: 'Explore o catálogo completo de filmes e séries da Vitrine: em alta, lançamentos, mais populares e mais bem avaliados.',
};

export function Component() {
  return (
    <main>
      <MediaCatalog />
    </main>
  );
}

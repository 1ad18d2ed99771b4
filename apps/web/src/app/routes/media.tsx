import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Mídia" description="Catálogo de filmes e séries em breve." />;
}

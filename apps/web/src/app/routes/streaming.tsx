import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Revendas" description="Ofertas para revendedores." />;
}

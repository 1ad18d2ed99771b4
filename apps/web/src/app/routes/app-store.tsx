import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Loja de Apps" description="Aplicativos para todas as telas." />;
}

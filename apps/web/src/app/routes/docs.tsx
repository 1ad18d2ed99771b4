import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Documentação" description="Guia de uso da Vitrine." />;
}

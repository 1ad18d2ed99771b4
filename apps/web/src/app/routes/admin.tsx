import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Painel Administrativo" description="Área administrativa." />;
}

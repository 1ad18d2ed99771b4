import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Termos de Uso" description="Condições de uso do serviço." />;
}

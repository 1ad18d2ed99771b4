import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Calculadora de Preços" description="Ferramenta de precificação." />;
}

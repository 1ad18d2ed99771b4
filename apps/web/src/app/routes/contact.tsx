import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Contato" description="Fale com a nossa equipe." />;
}

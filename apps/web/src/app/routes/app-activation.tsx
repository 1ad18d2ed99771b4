import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Ativação de Apps" description="Ative seus aplicativos." />;
}

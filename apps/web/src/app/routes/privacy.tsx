import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Política de Privacidade" description="Como tratamos seus dados." />;
}

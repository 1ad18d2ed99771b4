import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Funcionalidades" description="Tudo o que a Vitrine oferece." />;
}

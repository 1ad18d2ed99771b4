import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Entrar" description="Acesso para usuários PRO." />;
}

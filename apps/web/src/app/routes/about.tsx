import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Sobre" description="Nossa missão, valores e história." />;
}

import { PagePlaceholder } from '@/components/layouts/page-placeholder';

export function Component() {
  return <PagePlaceholder title="Vitrine" description="Streaming premium com assistente de IA." />;
}

import type { PageHandle } from '@/components/layouts/page-head';
import { FeaturesPage } from '@/features/marketing/components/features-page';

export const handle: PageHandle = {
  title: 'Funcionalidades',
  description: 'Assistente de IA, streaming em 4K HDR, segurança e recomendações inteligentes: tudo o que a Vitrine oferece.',
};

export function Component() {
  return <FeaturesPage />;
}

import type { PageHandle } from '@/components/layouts/page-head';
import { AboutPage } from '@/features/marketing/components/about-page';

export const handle: PageHandle = {
  title: 'Sobre nós',
  description: 'Conheça a missão, os valores, os números e a história da Vitrine, streaming premium com assistente de IA.',
};

export function Component() {
  return <AboutPage />;
}

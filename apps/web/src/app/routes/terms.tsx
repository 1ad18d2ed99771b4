import type { PageHandle } from '@/components/layouts/page-head';
import { LegalDocument } from '@/features/content/components/legal-document';

export const handle: PageHandle = {
  title: 'Termos de Uso',
  description: 'As regras de uso dos serviços, planos e aplicativos da Vitrine.',
};

export function Component() {
  return <LegalDocument documentKey="terms" />;
}

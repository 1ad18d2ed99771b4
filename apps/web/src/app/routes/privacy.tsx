import type { PageHandle } from '@/components/layouts/page-head';
import { LegalDocument } from '@/features/content/components/legal-document';

export const handle: PageHandle = {
  title: 'Política de Privacidade',
  description: 'Como a Vitrine coleta, usa e protege os seus dados pessoais.',
};

export function Component() {
  return <LegalDocument documentKey="privacy" />;
}

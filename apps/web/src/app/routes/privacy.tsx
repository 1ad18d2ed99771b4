import { LegalDocument } from '@/features/content/components/legal-document';

export function Component() {
  return <LegalDocument documentKey="privacy" />;
}

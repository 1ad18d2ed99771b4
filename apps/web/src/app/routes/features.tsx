import { FeaturesPage } from '@/features/marketing/components/features-page';

export function Component() {
  return <FeaturesPage />;
}

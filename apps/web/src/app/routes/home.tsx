import { useSession } from '@/features/auth/api/get-session';
import { useVerificationLinkNotice } from '@/features/auth/hooks/use-verification-link-notice';
import { AppStoreTeaser } from '@/features/catalog/components/app-store-teaser';
import { PlansSection } from '@/features/catalog/components/plans-section';
import { ClosingCta } from '@/features/marketing/components/closing-cta';
import { EntertainmentSection } from '@/features/marketing/components/entertainment-section';
import { FeatureCards } from '@/features/marketing/components/feature-cards';
import { HomeHero } from '@/features/marketing/components/home-hero';

export function Component() {
  const session = useSession();
  useVerificationLinkNotice();
  return (
    <main>
      <HomeHero signedIn={session.data?.signedIn ?? false} />
      <FeatureCards />
      <PlansSection />
      <AppStoreTeaser />
      <EntertainmentSection />
      <ClosingCta />
    </main>
  );
}

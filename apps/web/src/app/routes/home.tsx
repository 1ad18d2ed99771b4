import { useSession } from '@/features/auth/api/get-session';
import { AppStoreTeaser } from '@/features/catalog/components/app-store-teaser';
import { PlansSection } from '@/features/catalog/components/plans-section';
import { ClosingCta } from '@/features/marketing/components/closing-cta';
import { EntertainmentSection } from '@/features/marketing/components/entertainment-section';
import { FeatureCards } from '@/features/marketing/components/feature-cards';
import { HomeHero } from '@/features/marketing/components/home-hero';
import { MediaHighlights } from '@/features/media/components/media-highlights';

/** The hero reads the session itself: its answer re-renders the hero, not the whole page. */
function HeroForSession() {
  const session = useSession();
  return <HomeHero signedIn={session.data?.signedIn ?? false} />;
}

export function Component() {
  return (
    <main>
      <HeroForSession />
      <FeatureCards />
      <PlansSection />
      <AppStoreTeaser />
      <EntertainmentSection>
        <MediaHighlights />
      </EntertainmentSection>
      <ClosingCta />
    </main>
  );
}

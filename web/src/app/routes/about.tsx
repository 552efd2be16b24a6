import { AboutCta } from '../../features/marketing/components/about-cta';
import { AboutFeatures } from '../../features/marketing/components/about-features';
import { AboutStory } from '../../features/marketing/components/about-story';
import { PageHero } from '../../features/marketing/components/page-hero';
import { SocialProof } from '../../features/marketing/components/social-proof';
import { Testimonials } from '../../features/marketing/components/testimonials';

export function AboutRoute() {
  return (
    <>
      <title>About - Doublecast</title>
      <PageHero
        eyebrow="About Doublecast"
        title="We help actors rehearse like it's opening night"
        lead="Doublecast brings human voices and digital doubles together, so every actor has a scene partner whenever they need one."
      />
      <SocialProof />
      <AboutStory />
      <AboutFeatures />
      <Testimonials />
      <AboutCta />
    </>
  );
}

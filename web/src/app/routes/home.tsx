import { Benefits } from '../../features/marketing/components/benefits';
import { Faq } from '../../features/marketing/components/faq';
import { FinalCta } from '../../features/marketing/components/final-cta';
import { HomeHero } from '../../features/marketing/components/home-hero';
import { PricingSummary } from '../../features/marketing/components/pricing-summary';
import { SocialProof } from '../../features/marketing/components/social-proof';
import { TwoWaysToWork } from '../../features/marketing/components/two-ways-to-work';
import { usePlanConfig } from '../../features/plans/api/get-plans';

export function HomeRoute() {
  const config = usePlanConfig();
  return (
    <>
      <HomeHero config={config} />
      <SocialProof />
      <TwoWaysToWork />
      <Benefits />
      <PricingSummary config={config} />
      <Faq config={config} />
      <FinalCta config={config} />
    </>
  );
}

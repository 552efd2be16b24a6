import type { PlanConfig } from '@doublecast/common/plans';
import { Benefits } from './benefits';
import { Faq } from './faq';
import { FinalCta } from './final-cta';
import { PricingSummary } from './pricing-summary';
import { SocialProof } from './social-proof';
import { TwoWaysToWork } from './two-ways-to-work';

/**
 * The home page below its hero: a chunk of its own, loaded while the hero is already on screen,
 * so the first scripts of the home page stay within the P5 budget (decision 235).
 */
export function HomeSections({ config }: { config: PlanConfig }) {
  return (
    <>
      <SocialProof />
      <TwoWaysToWork />
      <Benefits />
      <PricingSummary config={config} />
      <Faq config={config} />
      <FinalCta config={config} />
    </>
  );
}

import { lazy, Suspense, useMemo } from 'react';
import { HomeHero } from '../../features/marketing/components/home-hero';
import { usePlanConfig } from '../../features/plans/api/get-plans';

const HomeSections = lazy(async () => ({
  default: (await import('../../features/marketing/components/home-sections')).HomeSections,
}));

export function HomeRoute() {
  const config = usePlanConfig();
  // Below the hero, so nothing on screen moves when it arrives. Made again only for new plan
  // data: drawn again while its chunk loads, React would draw the sections afresh instead of
  // hydrating them (see root-layout.tsx).
  const sections = useMemo(
    () => (
      <Suspense fallback={null}>
        <HomeSections config={config} />
      </Suspense>
    ),
    [config],
  );
  return (
    <>
      <HomeHero config={config} />
      {sections}
    </>
  );
}

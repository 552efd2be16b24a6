import { lazy, Suspense } from 'react';
import { HomeHero } from '../../features/marketing/components/home-hero';
import { usePlanConfig } from '../../features/plans/api/get-plans';

const HomeSections = lazy(async () => ({
  default: (await import('../../features/marketing/components/home-sections')).HomeSections,
}));

export function HomeRoute() {
  const config = usePlanConfig();
  return (
    <>
      <HomeHero config={config} />
      {/* Below the hero, so nothing on screen moves when it arrives. */}
      <Suspense fallback={null}>
        <HomeSections config={config} />
      </Suspense>
    </>
  );
}

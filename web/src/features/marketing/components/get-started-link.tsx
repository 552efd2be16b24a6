import { formatUsd, type PlanConfig } from '@doublecast/common/plans';
import { ButtonLink } from '../../../components/ui/button';
import { Icon } from './icon';
import { useMonthlyPrice } from './use-monthly-price';

/** "Get Started - $X/mo" to /pricing, with the price offered right now. */
export function GetStartedLink({ config }: { config: PlanConfig }) {
  const price = useMonthlyPrice(config);
  return (
    <ButtonLink to="/pricing" size="lg">
      Get Started - {formatUsd(price)}/mo
      <Icon name="arrow" className="h-4 w-4" />
    </ButtonLink>
  );
}

import { currentMonthlyPrice, type PlanConfig } from '@doublecast/common/plans';
import { useNow } from '../../../lib/use-now';

/** The monthly price offered right now; re-read every second so it flips when launch ends. */
export function useMonthlyPrice(config: PlanConfig): number {
  return currentMonthlyPrice(config, useNow());
}

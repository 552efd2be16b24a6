import { usePrefetchQuery } from '@tanstack/react-query';
import { availableVoicesQueryKey, listAvailableVoices } from '../../../lib/available-voices';
import { getMonthlyUsage, monthlyUsageQueryKey } from './get-monthly-usage';
import { getPreferences, preferencesQueryKey } from './get-preferences';
import { listReadings, readingsQueryKey } from './list-readings';

/**
 * Starts the Studio's reads (voices, preferences, usage, history) beside the subscription check
 * instead of after it (decision 238): the page mounts only once the check answers, and its data
 * is then already on the way. Same keys and functions as the page's own queries; nothing is
 * fetched twice.
 */
export function usePrefetchStudio(): void {
  usePrefetchQuery({ queryKey: availableVoicesQueryKey, queryFn: listAvailableVoices });
  usePrefetchQuery({ queryKey: preferencesQueryKey, queryFn: getPreferences });
  usePrefetchQuery({ queryKey: monthlyUsageQueryKey, queryFn: getMonthlyUsage });
  usePrefetchQuery({ queryKey: readingsQueryKey, queryFn: listReadings });
}

import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  monitorProvidersSchema,
  monitorRecentRequestSchema,
  monitorTrendsSchema,
  MONITOR_LIMITS,
  type MonitorRange,
  type MonitorRecent,
} from '@doublecast/common/monitor';
import type { z } from 'zod';
import { apiRequest, apiUrl } from '../../../lib/api-client';

export const monitorQueryKey = ['admin', 'monitor'] as const;

/**
 * One monitor panel for `range`, refetched every `intervalMs` (false in real-time mode, where
 * the event stream invalidates the panels instead).
 */
export function useMonitorPanel<T>(
  panel: 'cards' | 'hourly' | 'voices' | 'recent',
  schema: z.ZodType<T>,
  range: MonitorRange,
  intervalMs: number | false,
) {
  return useQuery({
    queryKey: [...monitorQueryKey, panel, range],
    queryFn: () => apiRequest('GET', `/api/admin/monitor/${panel}?range=${range}`, { schema }),
    refetchInterval: intervalMs,
    placeholderData: keepPreviousData,
  });
}

export function useMonitorTrends(intervalMs: number | false) {
  return useQuery({
    queryKey: [...monitorQueryKey, 'trends'],
    queryFn: () => apiRequest('GET', '/api/admin/monitor/trends', { schema: monitorTrendsSchema }),
    refetchInterval: intervalMs,
  });
}

export function useMonitorProviders() {
  return useQuery({
    queryKey: [...monitorQueryKey, 'providers'],
    queryFn: () =>
      apiRequest('GET', '/api/admin/monitor/providers', { schema: monitorProvidersSchema }),
    staleTime: 5 * 60_000,
  });
}

export type StreamState = 'off' | 'connecting' | 'live' | 'reconnecting';

/**
 * Real-time mode: while `on`, an EventSource on /api/admin/monitor/events. Each pushed request
 * goes to the top of the recent list at once, and the other panels are refetched (at most once
 * a second). Closed when turned off or unmounted.
 */
export function useMonitorStream(on: boolean, range: MonitorRange): StreamState {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>('off');
  const rangeRef = useRef(range);
  rangeRef.current = range;
  useEffect(() => {
    if (!on) {
      setState('off');
      return;
    }
    setState('connecting');
    const source = new EventSource(apiUrl('/api/admin/monitor/events'));
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refetch = () => {
      timer = null;
      void client.invalidateQueries({
        queryKey: monitorQueryKey,
        predicate: (q) => q.queryKey[2] !== 'providers',
      });
    };
    source.addEventListener('ready', () => setState('live'));
    source.addEventListener('error', () => setState('reconnecting'));
    source.addEventListener('metric', (e: MessageEvent<string>) => {
      const parsed = monitorRecentRequestSchema.safeParse(JSON.parse(e.data));
      if (parsed.success) {
        client.setQueryData<MonitorRecent>(
          [...monitorQueryKey, 'recent', rangeRef.current],
          (old) =>
            old && !old.requests.some((r) => r.id === parsed.data.id)
              ? {
                  ...old,
                  requests: [parsed.data, ...old.requests].slice(0, MONITOR_LIMITS.recentRequests),
                }
              : old,
        );
      }
      timer ??= setTimeout(refetch, 1000);
    });
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [on, client]);
  return state;
}

import { resetDate, type MonthlyUsage } from '@doublecast/common/usage';

/**
 * This month's allowance as a bar: characters used, the limit, and when it resets (the first of
 * next month, UTC). Shown in the Studio and on Account.
 */
export function UsageMeter({ usage, compact = false }: { usage: MonthlyUsage; compact?: boolean }) {
  const used = Math.min(usage.used, usage.limit);
  const percent = usage.limit > 0 ? Math.round((used / usage.limit) * 100) : 100;
  const tone = percent >= 100 ? 'bg-red-400' : percent >= 80 ? 'bg-amber-400' : 'bg-brand-500';
  return (
    <div className={compact ? 'w-full sm:w-72' : 'w-full'}>
      <p className="flex flex-wrap justify-between gap-x-3 text-sm text-zinc-300">
        <span>
          <span className="font-semibold tabular-nums text-white">
            {usage.used.toLocaleString('en-US')}
          </span>{' '}
          of {usage.limit.toLocaleString('en-US')} characters used this month
        </span>
        <span className="text-zinc-400">Resets {resetDate(usage.resetsAt)}</span>
      </p>
      <meter
        min={0}
        max={usage.limit}
        value={used}
        aria-label="Characters used this month"
        aria-valuetext={`${usage.used.toLocaleString('en-US')} of ${usage.limit.toLocaleString('en-US')} characters used; ${usage.remaining.toLocaleString('en-US')} left`}
        className="sr-only"
      />
      <div aria-hidden="true" className="mt-1.5 h-2 overflow-hidden rounded-full bg-zinc-800">
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${percent}%` }} />
      </div>
      {!compact && (
        <p className="mt-1.5 text-sm tabular-nums text-zinc-400">
          {usage.remaining.toLocaleString('en-US')} characters left
        </p>
      )}
    </div>
  );
}

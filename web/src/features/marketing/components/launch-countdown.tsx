import {
  formatUsd,
  launchCountdown,
  type Countdown,
  type PlanConfig,
} from '@doublecast/common/plans';
import { useNow } from '../../../lib/use-now';
import { Icon } from './icon';

const units: { key: keyof Countdown; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

function describe(left: Countdown): string {
  return units
    .map(({ key, label }) => {
      const unit = label.toLowerCase();
      return `${left[key]} ${left[key] === 1 ? unit.slice(0, -1) : unit}`;
    })
    .join(', ');
}

/**
 * Time left at the launch price, ticking every second until the configured end; afterwards
 * the post-launch price. Both prices come from the plan data.
 */
export function LaunchCountdown({ config }: { config: PlanConfig }) {
  const now = useNow(1000);
  const left = launchCountdown(config, now);

  if (!left) {
    return (
      <div className="inline-flex items-center gap-2 rounded-full border border-zinc-700 bg-zinc-900/70 px-4 py-2 text-sm text-zinc-300">
        <Icon name="clock" className="h-4 w-4 text-brand-300" />
        <p>
          Launch pricing has ended - pricing now {formatUsd(config.postLaunchMonthlyPrice)}/month
        </p>
      </div>
    );
  }

  return (
    <div className="w-full max-w-md rounded-2xl border border-brand-500/30 bg-zinc-900/70 p-5 shadow-xl shadow-brand-700/10">
      <p className="flex items-center justify-center gap-2 text-sm font-medium text-zinc-200">
        <Icon name="clock" className="h-4 w-4 text-brand-300" />
        Launch price {formatUsd(config.monthlyPrice)}/month ends in
      </p>
      {/* role=timer is not announced on every tick; its label says the whole time left. */}
      <div role="timer" aria-label={`Launch pricing ends in ${describe(left)}`} className="mt-4">
        <ul className="grid grid-cols-4 gap-2" aria-hidden="true">
          {units.map(({ key, label }) => (
            <li key={key} className="rounded-xl bg-zinc-950/80 px-2 py-3 text-center">
              <span className="block text-2xl font-bold tabular-nums text-white sm:text-3xl">
                {String(left[key]).padStart(2, '0')}
              </span>
              <span className="mt-1 block text-xs uppercase tracking-wide text-zinc-400">
                {label}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p className="mt-3 text-center text-xs text-zinc-400">
        Then {formatUsd(config.postLaunchMonthlyPrice)}/month.
      </p>
    </div>
  );
}

import type { ReactNode } from 'react';

/** The admin pages' card frame (stat cards, monitor sections). */
export const cardClass =
  'rounded-2xl border border-zinc-800 bg-zinc-900/70 p-4 shadow-xl shadow-black/20 sm:p-5';

export interface Stat {
  label: string;
  value: string;
  note: ReactNode;
}

/**
 * A grid of stat cards (two columns, three from `lg`), as a description list: each card's label
 * is its term, its figure and note the description.
 */
export function StatCards({ stats, className = '' }: { stats: Stat[]; className?: string }) {
  return (
    <dl className={['grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3', className].join(' ').trim()}>
      {stats.map((s) => (
        <div key={s.label} className={cardClass}>
          <dt className="text-sm font-medium text-zinc-400">{s.label}</dt>
          <dd className="mt-2 text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {s.value}
          </dd>
          <dd className="mt-1 text-xs text-zinc-400">{s.note}</dd>
        </div>
      ))}
    </dl>
  );
}

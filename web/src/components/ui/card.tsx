import type { HTMLAttributes } from 'react';

/** The house surface: a rounded, bordered zinc-900 panel. */
export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-2xl border border-zinc-800 bg-zinc-900/70 p-6 shadow-xl shadow-black/20 ${className}`}
      {...props}
    />
  );
}

import { useId, type ComponentProps } from 'react';

/** The look of a select, for the few that carry their own label (a voice beside its character). */
export const selectClass =
  'block min-h-11 w-full rounded-lg border border-zinc-700 bg-zinc-950/70 px-3 py-2.5 text-zinc-100 focus:border-brand-400 focus:ring-2 focus:ring-brand-500/40 focus:outline-none';

/**
 * A labelled select, the label above it; its options are the children and every other prop goes
 * to the <select>.
 */
export function SelectField({
  label,
  id,
  className = '',
  children,
  ...props
}: ComponentProps<'select'> & { label: string }) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <select id={selectId} className={selectClass} {...props}>
        {children}
      </select>
    </div>
  );
}

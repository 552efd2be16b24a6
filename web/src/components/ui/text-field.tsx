import { useId, type ComponentProps, type TextareaHTMLAttributes } from 'react';

const control =
  'block w-full rounded-lg border border-zinc-700 bg-zinc-950/70 px-3.5 py-2.5 text-zinc-100 placeholder:text-zinc-500 transition-colors hover:border-zinc-600 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:opacity-60';

const labelClass = 'mb-1.5 block text-sm font-medium text-zinc-200';

/** A labelled single-line input; every other prop (a ref too) goes to the <input>. */
export function TextField({
  label,
  id,
  className = '',
  ...props
}: ComponentProps<'input'> & { label: string }) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <input id={inputId} className={control} {...props} />
    </div>
  );
}

/** A labelled multi-line input; every other prop goes to the <textarea>. */
export function TextAreaField({
  label,
  id,
  className = '',
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <textarea id={inputId} className={`${control} min-h-32 resize-y`} {...props} />
    </div>
  );
}

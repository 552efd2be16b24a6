import { useId, type ComponentProps, type TextareaHTMLAttributes } from 'react';
import { describedBy, FieldMessage } from './field-message';

const control =
  'block w-full rounded-lg border border-zinc-700 bg-zinc-950/70 px-3.5 py-2.5 text-zinc-100 placeholder:text-zinc-500 transition-colors hover:border-zinc-600 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:opacity-60 aria-[invalid=true]:border-red-400/70';

const labelClass = 'mb-1.5 block text-sm font-medium text-zinc-200';

/**
 * A labelled single-line input; every other prop (a ref too) goes to the <input>. `error` shows
 * under it and marks it invalid.
 */
export function TextField({
  label,
  id,
  className = '',
  error,
  ...props
}: ComponentProps<'input'> & { label: string; error?: string | null }) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const message = describedBy(inputId, error, [props['aria-describedby']]);
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <input
        id={inputId}
        className={control}
        {...props}
        aria-invalid={error ? true : props['aria-invalid']}
        aria-describedby={message.ids}
      />
      {error && <FieldMessage id={message.errorId}>{error}</FieldMessage>}
    </div>
  );
}

/** A labelled multi-line input; every other prop goes to the <textarea>. */
export function TextAreaField({
  label,
  id,
  className = '',
  error,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | null }) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const message = describedBy(inputId, error, [props['aria-describedby']]);
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <textarea
        id={inputId}
        className={`${control} min-h-32 resize-y`}
        {...props}
        aria-invalid={error ? true : props['aria-invalid']}
        aria-describedby={message.ids}
      />
      {error && <FieldMessage id={message.errorId}>{error}</FieldMessage>}
    </div>
  );
}

import { useId, useState, type InputHTMLAttributes } from 'react';
import { describedBy, FieldMessage } from '../../../components/ui/field-message';

/**
 * A labelled password input with a Show/Hide toggle, an optional hint and, under it, `error`
 * (which marks it invalid).
 */
export function PasswordField({
  label,
  hint,
  error,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string | null;
}) {
  const id = useId();
  const hintId = useId();
  const [visible, setVisible] = useState(false);
  const message = describedBy(id, error, [hint && hintId, props['aria-describedby']]);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className="block w-full rounded-lg border border-zinc-700 bg-zinc-950/70 py-2.5 pr-16 pl-3.5 text-zinc-100 placeholder:text-zinc-500 transition-colors hover:border-zinc-600 focus:border-brand-400 focus:ring-2 focus:ring-brand-500/40 focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-red-400/70"
          {...props}
          aria-invalid={error ? true : props['aria-invalid']}
          aria-describedby={message.ids}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-xs font-medium text-zinc-400 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-zinc-500">
          {hint}
        </p>
      )}
      {error && <FieldMessage id={message.errorId}>{error}</FieldMessage>}
    </div>
  );
}

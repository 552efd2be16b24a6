import { useId, useState, type InputHTMLAttributes } from 'react';

/** A labelled password input with a Show/Hide toggle and an optional hint under it. */
export function PasswordField({
  label,
  hint,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const id = useId();
  const hintId = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-describedby={hint ? hintId : undefined}
          className="block w-full rounded-lg border border-zinc-700 bg-zinc-950/70 py-2.5 pr-16 pl-3.5 text-zinc-100 placeholder:text-zinc-500 transition-colors hover:border-zinc-600 focus:border-brand-400 focus:ring-2 focus:ring-brand-500/40 focus:outline-none disabled:opacity-60"
          {...props}
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
    </div>
  );
}

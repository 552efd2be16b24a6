import { useId, type ReactNode } from 'react';

/**
 * A checkbox with its label beside it (the whole row is the target, at least 44 px high) and an
 * optional note under it that the checkbox is described by.
 */
export function CheckboxField({
  label,
  note,
  checked,
  disabled,
  onChange,
  className,
}: {
  label: ReactNode;
  note?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={className}>
      <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-sm text-zinc-200">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={note ? noteId : undefined}
          onChange={(e) => onChange(e.target.checked)}
          className="h-5 w-5 shrink-0 accent-brand-500"
        />
        {label}
      </label>
      {note && (
        <p id={noteId} className="text-xs text-zinc-400">
          {note}
        </p>
      )}
    </div>
  );
}

import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

const LOOKS = {
  card: {
    item: 'rounded-xl border border-zinc-800 bg-zinc-950/40 p-3',
    row: 'mt-2 flex gap-2',
    input:
      'block w-full min-w-0 rounded-lg border border-zinc-700 bg-zinc-950/70 px-3 py-1.5 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:ring-2 focus:ring-brand-500/40 focus:outline-none',
  },
  line: {
    item: 'rounded-md px-2 py-2 hover:bg-zinc-900',
    row: 'mt-1.5 flex flex-wrap items-center gap-2',
    input:
      'min-w-0 flex-1 rounded-md border border-zinc-700 bg-zinc-950/70 px-2 py-1 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none',
  },
};

/**
 * One list item of an import's review that gives a character's name, saved at once: a rename of
 * a character, or who says a line. The name field's label is for screen readers; a missing name
 * or a failed save shows as an alert below, and the field and `picker` are described by it.
 */
export function CharacterNameForm({
  look,
  children,
  picker,
  nameShown = true,
  nameLabel,
  placeholder,
  name,
  onNameChange,
  saveLabel,
  saveText,
  saving,
  saveDisabled = false,
  error,
  onError,
  onSave,
}: {
  look: keyof typeof LOOKS;
  /** What the item is about, above its controls. */
  children: ReactNode;
  /** A control before the name field, given the id of the error that describes it. */
  picker?: (describedBy: string | undefined) => ReactNode;
  nameShown?: boolean;
  nameLabel: string;
  placeholder: string;
  name: string;
  onNameChange: (name: string) => void;
  saveLabel: string;
  saveText: string;
  saving: boolean;
  saveDisabled?: boolean;
  error: string | null;
  onError: (message: string) => void;
  /** Called on submit once a shown name field holds a name. */
  onSave: () => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const describedBy = error ? errorId : undefined;
  const styles = LOOKS[look];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (nameShown && !name.trim()) return onError('Please enter a name');
    onSave();
  };

  return (
    <li className={styles.item}>
      <form onSubmit={onSubmit} noValidate>
        {children}
        <div className={styles.row}>
          {picker?.(describedBy)}
          {nameShown && (
            <>
              <label htmlFor={inputId} className="sr-only">
                {nameLabel}
              </label>
              <input
                id={inputId}
                value={name}
                onChange={(e) => onNameChange(e.target.value)}
                placeholder={placeholder}
                maxLength={60}
                aria-invalid={!!error}
                aria-describedby={describedBy}
                className={styles.input}
              />
            </>
          )}
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            disabled={saving || saveDisabled}
            aria-label={saveLabel}
          >
            {saving ? 'Saving…' : saveText}
          </Button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-300">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

import { AlertIcon } from './alert';

/**
 * What is wrong with a field, right under it: read out when it appears (role=alert) and named by
 * the field's aria-describedby, so it is read again when the field has focus.
 */
export function FieldMessage({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm text-red-300">
      <AlertIcon tone="error" />
      <span>{children}</span>
    </p>
  );
}

/**
 * The ids a field with `error` points at (its hints, then its message) and its message's id: a
 * field `fieldId` shows its message as `${fieldId}-error`.
 */
export function describedBy(
  fieldId: string,
  error: string | null | undefined,
  others: (string | false | null | undefined)[] = [],
) {
  const errorId = `${fieldId}-error`;
  const ids = [...others, error && errorId].filter(Boolean).join(' ');
  return { errorId, ids: ids || undefined };
}

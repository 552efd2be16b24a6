import { useEffect, useRef, useState } from 'react';

/**
 * The messages of a form (docs/glossary.md#form-messages): each beside what caused it, announced,
 * and gone once the problem is fixed.
 *
 * - Field messages come from `check(values)`: none until the first submit, then recomputed from
 *   the current values on every render, so a message leaves as soon as its field is right.
 *   After a submit with problems, focus moves to the first field marked aria-invalid (the
 *   fields show their message beside them, linked by aria-describedby).
 * - The form's message (the server's refusal of what was sent) belongs to those values: it is
 *   shown beside the submit button until any value changes.
 */
export function useFormMessages<V, F extends string>(
  values: V,
  check: (values: V) => Partial<Record<F, string>>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);
  const [failure, setFailure] = useState<{ text: string; key: string } | null>(null);
  const key = JSON.stringify(values);
  const fieldErrors: Partial<Record<F, string>> = attempts > 0 ? check(values) : {};

  useEffect(() => {
    if (attempts === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  return {
    formRef,
    fieldErrors,
    /** The form's message, while the values are still those it was about. */
    formError: failure && failure.key === key ? failure.text : null,
    /** On submit: whether the values pass; if not, their messages show. */
    validate(): boolean {
      setAttempts((n) => n + 1);
      setFailure(null);
      return Object.keys(check(values)).length === 0;
    },
    /** Shows `text` as the form's message about the values as they are now (null clears it). */
    fail(text: string | null) {
      setFailure(text === null ? null : { text, key });
    },
    /** Starts over (a form emptied after it was sent): no message until the next submit. */
    reset() {
      setAttempts(0);
      setFailure(null);
    },
  };
}

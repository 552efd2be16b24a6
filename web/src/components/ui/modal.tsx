import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * Opens and closes a native <dialog> with `open`: showModal() keeps focus inside and makes the
 * page behind inert; on open, focus moves to what `initialFocus` picks, and on close back to the
 * element that had it before.
 */
export function useModalDialog(
  open: boolean,
  initialFocus: (dialog: HTMLDialogElement) => HTMLElement | null | undefined,
) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const focusFirst = useRef(initialFocus);
  focusFirst.current = initialFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      focusFirst.current(dialog)?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      opener.current?.focus();
    }
  }, [open]);

  return ref;
}

/**
 * A modal on the native <dialog>: showModal() keeps focus inside and makes the page behind
 * inert; Escape closes; focus moves into the dialog on open and back to the opener on close.
 */
export function Modal({
  open,
  title,
  description,
  onClose,
  children,
  wide = false,
}: {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useModalDialog(open, (dialog) =>
    dialog.querySelector<HTMLElement>('[data-autofocus], input, select, textarea'),
  );
  const titleId = useId();
  const descriptionId = useId();

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-zinc-700 bg-zinc-900 p-6 text-zinc-100 shadow-2xl backdrop:bg-black/70 ${
        wide ? 'w-[min(42rem,calc(100vw-2rem))]' : 'w-[min(30rem,calc(100vw-2rem))]'
      }`}
    >
      {open && (
        <>
          <h2 id={titleId} className="text-lg font-semibold text-white">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-2 text-sm text-zinc-300">
              {description}
            </p>
          )}
          <div className="mt-4">{children}</div>
        </>
      )}
    </dialog>
  );
}

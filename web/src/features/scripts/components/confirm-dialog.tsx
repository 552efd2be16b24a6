import { useId, useRef } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { useModalDialog } from '../../../components/ui/modal';

/**
 * A modal confirmation on the native <dialog>: showModal() keeps focus inside and Escape
 * cancels; focus goes to Cancel on open and back to the opener on close.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(open, () => cancelRef.current);
  const titleId = useId();
  const messageId = useId();

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-zinc-700 bg-zinc-900 p-6 text-zinc-100 shadow-2xl backdrop:bg-black/70"
    >
      <h2 id={titleId} className="text-lg font-semibold text-white">
        {title}
      </h2>
      <p id={messageId} className="mt-2 text-sm text-zinc-300">
        {message}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button
          ref={cancelRef}
          type="button"
          className={buttonClass('secondary')}
          onClick={onCancel}
        >
          Cancel
        </button>
        <Button className="!bg-red-600 hover:!bg-red-500" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

/**
 * A message beside the control that caused it: read out as it appears (role=alert), and gone as
 * soon as the caller stops passing it (the problem was fixed). The control names it with
 * aria-describedby, so the message is also heard when the control is focused again.
 */
export function FieldMessage({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-2 text-sm font-medium text-red-300">
      {message}
    </p>
  );
}

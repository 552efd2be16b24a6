import { Alert } from '../../../components/ui/alert';

/** A success screen: a heading, a sentence and, where it applies, what happens next. */
export function SuccessPanel({
  title,
  text,
  next,
}: {
  title: string;
  text: string;
  next?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col items-center gap-4 py-4 text-center"
    >
      <span
        aria-hidden="true"
        className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="M5 12l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h2 className="text-xl font-semibold text-white">{title}</h2>
      <p className="text-sm text-zinc-300">{text}</p>
      {next && (
        <Alert tone="info" live={false} className="w-full justify-center">
          {next}
        </Alert>
      )}
    </div>
  );
}

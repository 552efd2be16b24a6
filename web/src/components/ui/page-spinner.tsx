export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-live="polite">
      <span
        className="h-8 w-8 animate-spin rounded-full border-2 border-zinc-700 border-t-brand-400"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

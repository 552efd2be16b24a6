import { useEffect } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { trackEvent } from '../../features/analytics/api/track-event';

/** The error boundary's screen (app/route-tree.tsx); the failure is reported to first-party analytics. */
export function ErrorScreen({ error }: Pick<FallbackProps, 'error'>) {
  useEffect(() => {
    trackEvent('exception', {
      description:
        error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300),
      fatal: true,
      path: window.location.pathname,
    });
  }, [error]);
  return (
    <div
      role="alert"
      className="flex min-h-screen items-center justify-center bg-zinc-950 px-4 text-zinc-100"
    >
      <div className="max-w-md rounded-2xl border border-zinc-800 bg-zinc-900 p-8 text-center shadow-xl">
        <h1 className="text-2xl font-bold">Oops! Something went wrong</h1>
        <p className="mt-3 text-zinc-300">
          We're sorry for the inconvenience. Please try refreshing the page.
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-500"
        >
          Refresh Page
        </button>
      </div>
    </div>
  );
}

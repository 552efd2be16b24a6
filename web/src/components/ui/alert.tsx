import type { ReactNode } from 'react';

export type AlertTone = 'success' | 'error' | 'info';

const tones: Record<AlertTone, string> = {
  success: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
  error: 'border-red-500/40 bg-red-500/10 text-red-200',
  info: 'border-brand-500/40 bg-brand-500/10 text-brand-300',
};

const icons: Record<AlertTone, string> = {
  success: 'M5 12l4 4L19 7',
  error:
    'M12 8v5m0 3h.01M10.3 3.9L2.5 17.4A2 2 0 0 0 4.2 20.4h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  info: 'M12 16v-4m0-4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0z',
};

/**
 * A message box. Errors use role=alert (read out at once); other tones role=status (read out
 * politely). Pass `live={false}` when it sits inside a live region that already exists.
 */
export function Alert({
  tone = 'info',
  children,
  className = '',
  live = true,
}: {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
  live?: boolean;
}) {
  return (
    <div
      role={live ? (tone === 'error' ? 'alert' : 'status') : undefined}
      className={`flex items-start gap-3 rounded-lg border px-4 py-3 text-sm ${tones[tone]} ${className}`}
    >
      <AlertIcon tone={tone} />
      <div>{children}</div>
    </div>
  );
}

/** The tone's icon, beside the text it marks (a field's message uses the error one). */
export function AlertIcon({ tone }: { tone: AlertTone }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-0.5 h-4 w-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={icons[tone]} />
    </svg>
  );
}

import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** The frame of every sign-in, sign-up and password page: one centred card. */
export function AuthPanel({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <title>{`${title} - Doublecast`}</title>
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-white">{title}</h1>
        {subtitle && <div className="mt-2 text-sm text-zinc-400">{subtitle}</div>}
        <div className="mt-6">{children}</div>
      </Card>
      {footer && <div className="mt-6 text-center text-sm text-zinc-400">{footer}</div>}
    </div>
  );
}

export const linkClass =
  'font-medium text-brand-300 underline-offset-4 hover:text-brand-200 hover:underline';

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

/** The run page's title row: the script's title, a line under it, and the page's links. */
export function RunHeader({
  scriptId,
  title,
  children,
}: {
  scriptId: string;
  title: string;
  /** The line under the title. */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-bold text-white">{title}</h1>
        {children}
      </div>
      <nav aria-label="Rehearsal" className="flex flex-wrap gap-2">
        <Link
          to={`/practice?script=${encodeURIComponent(scriptId)}`}
          className={buttonClass('ghost', 'md')}
        >
          Back to setup
        </Link>
        {/* A document load: the camera is allowed only to the page that records (decision 310). */}
        <Link
          to={`/practice/${encodeURIComponent(scriptId)}/self-tape`}
          reloadDocument
          className={buttonClass('secondary', 'md')}
        >
          Record a self-tape
        </Link>
        <Link to="/scripts" className={buttonClass('ghost', 'md')}>
          My Scripts
        </Link>
      </nav>
    </div>
  );
}

import { Link } from 'react-router';
import type { SessionUser } from '@doublecast/common/auth';
import { Email } from '../ui/email';

/**
 * The header's account corner: Sign In / Get Started when signed out, the greeting, [Admin]
 * marker and Sign Out when signed in. `onSignOut` is supplied by the app shell.
 */
export function UserArea({
  user,
  onSignOut,
  stacked = false,
  unreadMessages,
}: {
  user: SessionUser | null;
  onSignOut?: () => void;
  stacked?: boolean;
  unreadMessages?: number;
}) {
  if (!user) {
    return (
      <div className={stacked ? 'flex flex-col gap-3' : 'flex items-center gap-3'}>
        <Link
          to="/sign-in"
          className="rounded-md px-3 py-2 text-sm font-medium text-zinc-200 hover:text-white"
        >
          Sign In
        </Link>
        <Link
          to="/pricing"
          className="rounded-md bg-brand-600 px-4 py-2 text-center text-sm font-semibold text-white shadow hover:bg-brand-500"
        >
          Get Started
        </Link>
      </div>
    );
  }
  return (
    <div className={stacked ? 'flex flex-col gap-3' : 'flex min-w-0 items-center gap-3'}>
      {/* The whole email, always: a long one wraps at any character (in the bar, in smaller
          type over up to three lines) rather than being cut short. */}
      <p
        data-greeting
        className={`text-zinc-300 [overflow-wrap:anywhere] ${
          stacked ? 'text-sm' : 'w-max min-w-[8rem] max-w-[13rem] text-xs leading-4'
        }`}
      >
        Hi,{' '}
        <span className="font-medium text-white">
          <Email value={user.email} />
        </span>
        {user.role === 'admin' && (
          <span className="ml-1 whitespace-nowrap font-semibold text-amber-300">[Admin]</span>
        )}
      </p>
      {unreadMessages !== undefined && (
        <Link
          to="/messages"
          aria-label={
            unreadMessages === 0 ? 'Messages, none unread' : `Messages, ${unreadMessages} unread`
          }
          className="relative inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-zinc-200 hover:text-white"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M4 6h16v12H4zM4 7l8 6 8-6" />
          </svg>
          <span className={stacked ? '' : 'sr-only 2xl:not-sr-only'}>Messages</span>
          {unreadMessages > 0 && (
            <span
              aria-hidden="true"
              className="rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white"
            >
              {unreadMessages}
            </span>
          )}
        </Link>
      )}
      <button
        type="button"
        onClick={onSignOut}
        className="shrink-0 whitespace-nowrap rounded-md border border-zinc-700 px-3 py-2 text-sm font-medium text-zinc-200 hover:border-zinc-500 hover:text-white"
      >
        Sign Out
      </button>
    </div>
  );
}

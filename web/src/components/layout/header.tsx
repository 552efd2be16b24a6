import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { SessionUser } from '@doublecast/common/auth';
import { Logo } from './logo';
import { navItems } from './nav-items';
import { UserArea } from './user-area';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'text-white bg-zinc-800/70' : 'text-zinc-300 hover:text-white hover:bg-zinc-800/40'
  }`;

export function Header({
  user,
  onSignOut,
  unreadMessages,
}: {
  user: SessionUser | null;
  onSignOut?: () => void;
  /** Signed in: the inbox's unread count (docs/glossary.md#messages). */
  unreadMessages?: number;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  const items = navItems(user);
  // The desktop bar from the width its items fit in: signed in (up to nine links, the greeting
  // and Sign Out) from xl, signed out from lg; the menu button below that. Full class names, so
  // Tailwind finds them.
  const bar = user
    ? { show: 'hidden xl:flex', hide: 'xl:hidden' }
    : { show: 'hidden lg:flex', hide: 'lg:hidden' };

  // The menu closes on navigation.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  // While open, the page behind does not scroll; Escape closes it.
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-zinc-800/80 bg-zinc-950/85 backdrop-blur">
      <div className="mx-auto flex min-h-16 max-w-7xl items-center justify-between gap-4 px-4 py-1 sm:px-6">
        <Logo />
        <nav aria-label="Main" className={`${bar.show} shrink-0`}>
          <ul className="flex items-center gap-0.5">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={`${bar.show} min-w-0 justify-end`}>
          <UserArea user={user} onSignOut={onSignOut} unreadMessages={unreadMessages} />
        </div>
        <button
          type="button"
          className={`inline-flex h-10 w-10 items-center justify-center rounded-md text-zinc-200 hover:bg-zinc-800 ${bar.hide}`}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      {open && (
        <div
          id={menuId}
          // Not `fixed`: the header's backdrop-blur makes it the containing block of fixed children.
          className={`absolute inset-x-0 top-full z-40 h-[calc(100dvh-4rem)] overflow-y-auto border-t border-zinc-800 bg-zinc-950 ${bar.hide}`}
        >
          <nav aria-label="Mobile" className="px-4 py-4">
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === '/'}
                    className={(s) => `block text-base ${linkClass(s)}`}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t border-zinc-800 px-4 py-5">
            <UserArea user={user} onSignOut={onSignOut} unreadMessages={unreadMessages} stacked />
          </div>
        </div>
      )}
    </header>
  );
}

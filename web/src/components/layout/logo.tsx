import { Link } from 'react-router';

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-white"
      aria-label="Doublecast home"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path d="M9 8h6a8 8 0 0 1 0 16H9z" fill="none" stroke="#fff" strokeWidth="3" />
        <circle cx="22" cy="16" r="3" className="fill-brand-300" />
      </svg>
      <span>Doublecast</span>
    </Link>
  );
}

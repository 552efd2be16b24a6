import type { SessionUser } from '@doublecast/common/auth';

export interface NavItem {
  to: string;
  label: string;
}

/** The header's items in order: Home, Voices, [Studio, Account, Admin Panel], Pricing, Blog, About, Contact. */
export function navItems(user: SessionUser | null): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: 'Home' },
    { to: '/voices', label: 'Voices' },
  ];
  if (user) {
    items.push({ to: '/studio', label: 'Studio' }, { to: '/account', label: 'Account' });
    if (user.role === 'admin') items.push({ to: '/admin', label: 'Admin Panel' });
  }
  items.push(
    { to: '/pricing', label: 'Pricing' },
    { to: '/blog', label: 'Blog' },
    { to: '/about', label: 'About' },
    { to: '/contact', label: 'Contact' },
  );
  return items;
}

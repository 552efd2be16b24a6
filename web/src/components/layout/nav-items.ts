import type { SessionUser } from '@doublecast/common/auth';

export interface NavItem {
  to: string;
  label: string;
}

/**
 * The header's items in order: Home, Voices, [Rehearse, Studio, Account, Admin Panel], Pricing,
 * Blog, About, Contact. Rehearse (Practice, with Scripts one step from it) is where free users try
 * the product (decision 270).
 */
export function navItems(user: SessionUser | null): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: 'Home' },
    { to: '/voices', label: 'Voices' },
  ];
  if (user) {
    items.push(
      { to: '/practice', label: 'Rehearse' },
      { to: '/studio', label: 'Studio' },
      { to: '/account', label: 'Account' },
    );
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

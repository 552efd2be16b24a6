/**
 * Where the public pages point people for help and news. One place to change them for a
 * self-hosted installation (see docs/decisions/070-public-site-content.md).
 */
export const SUPPORT_EMAIL = 'support@doublecast.app';

export const SOCIAL_LINKS = [
  { label: 'Doublecast on X', short: 'X', href: 'https://x.com/doublecastapp' },
  {
    label: 'Doublecast on Instagram',
    short: 'Instagram',
    href: 'https://www.instagram.com/doublecastapp',
  },
  {
    label: 'Doublecast on YouTube',
    short: 'YouTube',
    href: 'https://www.youtube.com/@doublecastapp',
  },
] as const;

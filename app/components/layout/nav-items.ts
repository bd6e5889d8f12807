export type NavItem = { label: string; href: string; variant?: 'button' };

/** The four items, shared by the desktop nav and the mobile menu. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Case Studies', href: '/#work' },
  { label: 'Resume', href: '/resume' },
  { label: 'Contact', href: '/#contact', variant: 'button' },
];

import type { HomeNav } from '~/content/home-sections';

export type NavItem = { label: string; href: string; variant?: 'button' };

/** The four items, shared by the desktop nav and the mobile menu. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Case Studies', href: '/#work' },
  { label: 'Resume', href: '/resume' },
  { label: 'Contact', href: '/#contact', variant: 'button' },
];

/**
 * The items as her home page has its sections: no Case Studies where she
 * hides them, and Contact where the form is (its own page, /contact, when the
 * home page does not show it). Contact stays last, the menu's one button.
 */
export function navItemsFor(home: HomeNav): NavItem[] {
  return NAV_ITEMS.flatMap((item) => {
    if (item.href === '/#work') return home.caseStudies ? [item] : [];
    if (item.href === '/#contact') return [{ ...item, href: home.contact }];
    return [item];
  });
}

/**
 * The menu with her pages in it: a page with `menu: N` is the Nth item,
 * counted among the items before it; one past the end goes before the
 * buttons, which stay last.
 */
export function withPages(items: readonly NavItem[], pages: readonly { title: string; href: string; menu: number }[]): NavItem[] {
  const menu = [...items];
  for (const page of [...pages].sort((a, b) => a.menu - b.menu)) {
    const buttons = menu.findIndex((item) => item.variant === 'button');
    const end = buttons === -1 ? menu.length : buttons;
    menu.splice(Math.min(page.menu - 1, end), 0, { label: page.title, href: page.href });
  }
  return menu;
}

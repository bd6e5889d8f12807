import { Link, useLocation } from '@remix-run/react';
import { MobileMenuButton, MobileMenuPanel } from './MobileMenu';
import { NAV_ITEMS, type NavItem } from './nav-items';

/**
 * The sticky header. Its links to / and to /'s sections are marked
 * data-scroll-link: on / they scroll smoothly (app/islands/home-scroll.ts); elsewhere,
 * and without JavaScript, they are ordinary links.
 */
export function Header({ name, initials, items = NAV_ITEMS }: { name: string; initials: string; items?: NavItem[] }) {
  const { pathname } = useLocation();

  // The panel sits outside <header>: its backdrop-filter would trap position:fixed.
  return (
    <>
      <header
        data-print="hide"
        className="sticky top-0 z-40 border-b border-border/70 bg-bg/85 backdrop-blur-md [view-transition-name:site-header] supports-[backdrop-filter]:bg-bg/75"
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-6 lg:px-8">
          <Link to="/" data-scroll-link className="group flex items-center gap-3 rounded-md font-semibold tracking-tight">
            <span
              aria-hidden="true"
              className="grid size-9 place-items-center rounded-lg bg-fg text-sm font-bold tracking-wide text-bg transition-colors group-hover:bg-accent group-hover:text-accent-fg md:hidden"
            >
              {initials}
            </span>
            <span className="sr-only text-[1.0625rem] md:not-sr-only">{name}</span>
          </Link>

          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {items.map((item) => {
                const current = item.href === pathname;
                return (
                  <li key={item.href}>
                    <Link
                      to={item.href}
                      data-scroll-link
                      aria-current={current && item.href !== '/' ? 'page' : undefined}
                      className={`inline-flex h-10 items-center rounded-full px-4 text-[0.9375rem] font-medium transition-colors ${
                        item.variant === 'button'
                          ? 'ml-2 bg-accent text-accent-fg shadow-sm hover:bg-accent-hover'
                          : 'text-fg-muted hover:bg-bg-muted hover:text-fg aria-[current=page]:bg-bg-muted aria-[current=page]:text-fg'
                      }`}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>

          <MobileMenuButton />
        </div>
      </header>
      <MobileMenuPanel pathname={pathname} items={items} />
    </>
  );
}

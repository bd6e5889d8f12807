import { Link } from '@remix-run/react';
import { CloseIcon, MenuIcon } from '~/components/ui/icons';
import { NAV_ITEMS, type NavItem } from './nav-items';
import { MOBILE_BREAKPOINT_PX } from '~/utils/scroll';

const PANEL_ID = 'mobile-menu';

/**
 * The mobile menu's two openers. Without JavaScript (and until the menu's
 * island, app/islands/menu.ts, has started and set the `js` class) the link
 * opens the panel through :target; then the button opens it as a dialog.
 */
export function MobileMenuButton() {
  const iconClass = 'grid size-10 place-items-center rounded-full text-fg transition-colors hover:bg-bg-muted md:hidden';
  return (
    <>
      <button type="button" aria-expanded="false" aria-controls={PANEL_ID} aria-haspopup="dialog" className={`${iconClass} no-js:hidden`}>
        <MenuIcon />
        <span className="sr-only">Open menu</span>
      </button>
      <a href={`#${PANEL_ID}`} className={`${iconClass} js:hidden`}>
        <MenuIcon />
        <span className="sr-only">Open menu</span>
      </a>
    </>
  );
}

/**
 * The panel and its backdrop: open when data-open is "true" (set by the
 * island), or through :target without JavaScript. Its items are marked
 * data-scroll-link: on / the home page's island (app/islands/home-scroll.ts) scrolls to their sections once the menu
 * has closed (the spec's 500 ms).
 */
export function MobileMenuPanel({ pathname, items = NAV_ITEMS }: { pathname: string; items?: NavItem[] }) {
  return (
    <div className="md:hidden" data-print="hide">
      <div
        id={PANEL_ID}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        data-open="false"
        data-desktop-query={`(min-width: ${MOBILE_BREAKPOINT_PX}px)`}
        className="mobile-menu-panel fixed inset-y-0 right-0 z-50 flex w-[280px] flex-col border-l border-border bg-bg shadow-2xl sm:w-[300px]"
      >
        <div className="flex h-16 items-center justify-between border-b border-border px-5">
          <span className="text-sm font-semibold tracking-[0.14em] text-fg-muted uppercase">Menu</span>
          <button
            type="button"
            className="grid size-10 place-items-center rounded-full text-fg transition-colors hover:bg-bg-muted no-js:hidden"
          >
            <CloseIcon />
            <span className="sr-only">Close menu</span>
          </button>
          <a href="#" className="grid size-10 place-items-center rounded-full text-fg hover:bg-bg-muted js:hidden">
            <CloseIcon />
            <span className="sr-only">Close menu</span>
          </a>
        </div>
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.href}>
                <Link
                  to={item.href}
                  data-scroll-link
                  aria-current={item.href === pathname && item.href !== '/' ? 'page' : undefined}
                  className={
                    item.variant === 'button'
                      ? 'mt-3 flex h-12 items-center justify-center rounded-full bg-accent px-5 text-base font-medium text-accent-fg hover:bg-accent-hover'
                      : 'flex h-12 items-center rounded-lg px-3 text-base font-medium text-fg hover:bg-bg-muted aria-[current=page]:bg-bg-muted'
                  }
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div aria-hidden="true" data-open="false" className="mobile-menu-overlay fixed inset-0 z-40 bg-zinc-950/40 backdrop-blur-[2px]" />
    </div>
  );
}

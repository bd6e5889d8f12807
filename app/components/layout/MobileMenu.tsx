import { Link, useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { homeSectionOf, MENU_SCROLL_DELAY_MS, MOBILE_BREAKPOINT_PX } from '~/utils/scroll';
import { CloseIcon, MenuIcon } from '~/components/ui/icons';
import { NAV_ITEMS } from './nav-items';
import { useNavClick } from './useNavClick';

const PANEL_ID = 'mobile-menu';

/** Open/closed state of the mobile menu, with the behaviours the spec asks for. */
export function useMobileMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname, hash } = useLocation();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // Focus moves into the panel; the page behind does not scroll.
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [open]);

  // Reaching the desktop breakpoint closes the menu.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = () => query.matches && setOpen(false);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // Any navigation closes it.
  useEffect(() => setOpen(false), [pathname, hash]);

  // Opened through its no-JS link before the app hydrated: it stays open, now as the dialog.
  useEffect(() => {
    if (window.location.hash !== `#${PANEL_ID}`) return;
    setOpen(true);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);

  return { open, setOpen, close, buttonRef, panelRef };
}

type MenuState = ReturnType<typeof useMobileMenu>;

export function MobileMenuButton({ menu }: { menu: MenuState }) {
  const iconClass = 'grid size-10 place-items-center rounded-full text-fg transition-colors hover:bg-bg-muted md:hidden';
  return (
    <>
      <button
        ref={menu.buttonRef}
        type="button"
        aria-expanded={menu.open}
        aria-controls={PANEL_ID}
        aria-haspopup="dialog"
        onClick={() => menu.setOpen(true)}
        className={`${iconClass} no-js:hidden`}
      >
        <MenuIcon />
        <span className="sr-only">Open menu</span>
      </button>
      {/* Without JavaScript the panel opens through :target. */}
      <a href={`#${PANEL_ID}`} className={`${iconClass} js:hidden`}>
        <MenuIcon />
        <span className="sr-only">Open menu</span>
      </a>
    </>
  );
}

function trapFocus(event: KeyboardEvent, container: RefObject<HTMLElement>) {
  if (event.key !== 'Tab' || !container.current) return;
  const focusable = Array.from(container.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')).filter(
    (element) => element.offsetParent !== null,
  );
  const first = focusable.at(0);
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export function MobileMenuPanel({ menu }: { menu: MenuState }) {
  const navClick = useNavClick();
  const { pathname } = useLocation();

  return (
    <div className="md:hidden" data-print="hide">
      <div
        id={PANEL_ID}
        ref={menu.panelRef}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        data-open={menu.open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            menu.close(true);
          }
          trapFocus(event, menu.panelRef);
        }}
        className="mobile-menu-panel fixed inset-y-0 right-0 z-50 flex w-[280px] flex-col border-l border-border bg-bg shadow-2xl sm:w-[300px]"
      >
        <div className="flex h-16 items-center justify-between border-b border-border px-5">
          <span className="text-sm font-semibold tracking-[0.14em] text-fg-muted uppercase">Menu</span>
          <button
            type="button"
            onClick={() => menu.close(true)}
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
            {NAV_ITEMS.map((item) => {
              const isSection = homeSectionOf(item.href) !== null;
              const onClick = isSection
                ? navClick(item.href, { delayMs: MENU_SCROLL_DELAY_MS, before: () => menu.close(false) })
                : () => menu.close(false);
              return (
                <li key={item.href}>
                  <Link
                    to={item.href}
                    onClick={onClick}
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
              );
            })}
          </ul>
        </nav>
      </div>
      <div
        aria-hidden="true"
        data-open={menu.open}
        onClick={() => menu.close(false)}
        className="mobile-menu-overlay fixed inset-0 z-40 bg-zinc-950/40 backdrop-blur-[2px]"
      />
    </div>
  );
}

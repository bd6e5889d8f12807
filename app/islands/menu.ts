/**
 * The header's island, on every public page: the mobile menu as a dialog
 * (app/components/layout/MobileMenu.tsx renders both controls). Until this
 * runs, the link that opens the panel through :target is in charge; the `js`
 * class hands over to the button. Open, it is a modal dialog: focus moves
 * in, Tab and Shift+Tab stay in it, Escape and the Close button close it and
 * give focus back to the button, as does the backdrop (without the focus),
 * and the page behind does not scroll. Following one of its links closes it
 * (on /, the home page's island then scrolls to the section,
 * app/islands/home-scroll.ts). Reaching the desktop breakpoint closes it,
 * and so does leaving the page: a page kept in the back/forward cache comes
 * back with its menu closed.
 */

const PANEL_ID = 'mobile-menu';

export function start() {
  const panel = document.getElementById(PANEL_ID)!;
  const button = document.querySelector<HTMLButtonElement>(`button[aria-controls="${PANEL_ID}"]`)!;
  const overlay = document.querySelector<HTMLElement>('.mobile-menu-overlay')!;
  const root = document.documentElement;
  let open = false;

  const show = (value: boolean) => {
    open = value;
    panel.dataset.open = overlay.dataset.open = String(value);
    button.setAttribute('aria-expanded', String(value));
    root.style.overflow = value ? 'hidden' : '';
  };
  const close = (returnFocus: boolean) => {
    if (open) show(false);
    if (returnFocus) button.focus();
  };
  const openMenu = () => {
    show(true);
    panel.querySelector<HTMLElement>('a[href], button')?.focus();
  };

  button.addEventListener('click', openMenu);
  overlay.addEventListener('click', () => close(false));
  panel.querySelector('button')!.addEventListener('click', () => close(true));
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      return close(true);
    }
    if (event.key !== 'Tab') return;
    const focusable = [...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((element) => element.offsetParent);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  });
  // The desktop breakpoint's query, written by the server (MobileMenu.tsx): one source for the number, no module for it here.
  matchMedia(panel.dataset.desktopQuery!).addEventListener('change', (query) => query.matches && close(false));
  addEventListener('pagehide', () => close(false));
  addEventListener('pageshow', () => close(false));

  panel.addEventListener('click', (event) => (event.target as Element).closest?.('a[href]') && close(false));

  root.classList.add('js');
  // Opened through its no-JS link before this ran: it stays open, now as the dialog.
  if (location.hash === `#${PANEL_ID}`) {
    history.replaceState(history.state, '', location.pathname + location.search);
    openMenu();
  }
}

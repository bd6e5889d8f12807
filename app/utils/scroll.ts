/** Constants from the spec (section 9). */
export const MOBILE_BREAKPOINT_PX = 768;
export const MENU_SCROLL_DELAY_MS = 500;
export const HASH_SCROLL_DELAY_MS = 100;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Smoothly scrolls to an element by id (or to the top for "home"). */
export function smoothScrollTo(id: string): boolean {
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
  if (id === '' || id === 'top') {
    window.scrollTo({ top: 0, behavior });
    return true;
  }
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ behavior, block: 'start' });
  return true;
}

/** Updates the address bar without a navigation or a history entry. */
export function replaceHash(hash: string): void {
  const url = hash
    ? `${window.location.pathname}${window.location.search}#${hash}`
    : `${window.location.pathname}${window.location.search}`;
  window.history.replaceState(window.history.state, '', url);
}

/** "/#work" and "#work" → "work"; "/" → ""; anything else → null. */
export function homeSectionOf(href: string): string | null {
  if (href === '/') return '';
  const match = href.match(/^\/?#([\w-]+)$/);
  return match?.[1] ?? null;
}

import { HASH_SCROLL_DELAY_MS, homeSectionOf, MENU_SCROLL_DELAY_MS, replaceHash, smoothScrollTo } from '~/utils/scroll';

/**
 * The home page's island (its <main data-home>): the links marked
 * data-scroll-link (the header's, the hero's buttons, Back to top, the
 * menu's items) scroll smoothly to their section instead of jumping, without
 * a history entry; from the menu, once it has closed (app/islands/menu.ts)
 * and MENU_SCROLL_DELAY_MS has passed. A section the page was opened at
 * (/#contact; the head script in root.tsx kept the hash aside so the browser
 * did not jump) is reached the same way, HASH_SCROLL_DELAY_MS after this
 * starts. Elsewhere the same links are ordinary links.
 */

declare global {
  interface Window {
    /** The hash / was opened with, set aside by the head script in root.tsx. */
    __initialHash?: string;
  }
}

export function start() {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest?.<HTMLAnchorElement>('a[data-scroll-link]');
    if (!link) return;
    const section = homeSectionOf(link.getAttribute('href') ?? '');
    if (section === null || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const scroll = () => smoothScrollTo(section) && replaceHash(section);
    if (link.closest('#mobile-menu')) setTimeout(scroll, MENU_SCROLL_DELAY_MS);
    else scroll();
  });

  const pending = window.__initialHash;
  if (pending) {
    window.__initialHash = undefined;
    const id = decodeURIComponent(pending.slice(1));
    setTimeout(() => {
      replaceHash(id);
      smoothScrollTo(id);
    }, HASH_SCROLL_DELAY_MS);
  }
}

import { useLocation } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { homeSectionOf, replaceHash, smoothScrollTo } from '~/utils/scroll';

/**
 * Click handling for links to "/" and "/#section". On the home page they
 * scroll smoothly (optionally after a delay) instead of jumping; elsewhere,
 * and without JavaScript, they are ordinary links.
 */
export function useNavClick() {
  const { pathname } = useLocation();
  const onHome = pathname === '/';

  return (href: string, { delayMs = 0, before }: { delayMs?: number; before?: () => void } = {}) =>
    (event: MouseEvent<HTMLAnchorElement>) => {
      before?.();
      const section = homeSectionOf(href);
      if (!onHome || section === null) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      const scroll = () => {
        if (smoothScrollTo(section)) replaceHash(section);
      };
      if (delayMs > 0) window.setTimeout(scroll, delayMs);
      else scroll();
    };
}

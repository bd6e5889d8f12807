import { useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import { HASH_SCROLL_DELAY_MS, replaceHash, smoothScrollTo } from '~/utils/scroll';

declare global {
  interface Window {
    /** The hash / was loaded with, set aside by the head script in root.tsx. */
    __initialHash?: string;
  }
}

/** Arriving on / with a hash smooth-scrolls to that section after 100 ms. */
export function useScrollToHashOnLoad() {
  const { hash } = useLocation();
  useEffect(() => {
    const pending = window.__initialHash;
    const id = decodeURIComponent((pending ?? hash).slice(1));
    if (!id) return;
    const timer = window.setTimeout(() => {
      if (pending) {
        window.__initialHash = undefined;
        replaceHash(id);
      }
      smoothScrollTo(id);
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash]);
}

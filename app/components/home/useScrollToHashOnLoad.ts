import { useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import { HASH_SCROLL_DELAY_MS, smoothScrollTo } from '~/utils/scroll';

/** Arriving on / with a hash smooth-scrolls to that section after 100 ms. */
export function useScrollToHashOnLoad() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const timer = window.setTimeout(() => smoothScrollTo(id), HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash]);
}

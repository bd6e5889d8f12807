import { useEffect, type RefObject } from 'react';

/**
 * Progressive enhancement of the story's blocks, found by their data-block
 * hook. The story is complete without it; each enhancement is its own chunk,
 * fetched only when the page has a block that wants it, so no other page
 * (and no page without such a block) loads a byte of it.
 */
type Enhance = (story: HTMLElement) => () => void;

const ENHANCEMENTS: { selector: string; load: () => Promise<{ enhance: Enhance }> }[] = [
  { selector: 'a[data-zoom]', load: () => import('./zoom') },
  { selector: '[data-block="before-after"]', load: () => import('./before-after') },
  { selector: '[data-block="embed"]', load: () => import('./embed') },
  { selector: '[data-block="video"] video[data-poster]', load: () => import('./video') },
];

/** Enhances the story in `ref`; again when `key` (the page) changes, undoing the previous page's. */
export function useStoryEnhancements(ref: RefObject<HTMLElement>, key: string) {
  useEffect(() => {
    const story = ref.current;
    if (!story) return;
    let cancelled = false;
    const cleanups: (() => void)[] = [];
    for (const { selector, load } of ENHANCEMENTS) {
      if (!story.querySelector(selector)) continue;
      load().then(({ enhance }) => {
        if (!cancelled) cleanups.push(enhance(story));
      });
    }
    return () => {
      cancelled = true;
      cleanups.forEach((cleanup) => cleanup());
    };
  }, [ref, key]);
}

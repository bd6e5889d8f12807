import { createContext, useContext } from 'react';
import type { ImageSources } from '~/content/schema';

/**
 * What the build found for each image or video a story names, keyed by the
 * path exactly as written in the MDX (`./wireframes.svg`, `/images/x.png`).
 * pipeline/content/remark-story.ts fills it while it checks the files; the
 * blocks read it while the story is rendered to HTML, at build time.
 */
export type StoryImage = {
  kind: 'image';
  width: number;
  height: number;
  /** `<img src>`: a mid-size WebP, or the SVG itself. */
  src: string;
  /** The largest file: the zoom view and the no-JavaScript link. */
  full: string;
  /** AVIF and WebP `srcset`s; absent for SVG, which is served as it is. */
  sources?: ImageSources;
};

export type StoryVideo = { kind: 'video'; src: string; type: 'video/mp4' | 'video/webm' };

export type StoryMedia = Map<string, StoryImage | StoryVideo>;

export const StoryMediaContext = createContext<StoryMedia>(new Map());

/**
 * The story's media, for blocks that name several files or name one only
 * sometimes (a video's WebM, an embed's poster): one hook, then plain lookups.
 * The build has already checked that every named file exists.
 */
export function useStoryMedia() {
  const media = useContext(StoryMediaContext);
  return {
    image(path: string): StoryImage {
      const found = media.get(path);
      if (found?.kind !== 'image') throw new Error(`story image not planned: ${path}`);
      return found;
    },
    video(path: string): StoryVideo {
      const found = media.get(path);
      if (found?.kind !== 'video') throw new Error(`story video not planned: ${path}`);
      return found;
    },
  };
}

/** The image a block names. */
export function useStoryImage(path: string): StoryImage {
  return useStoryMedia().image(path);
}

/** How wide a block sits: the text column, past it on desktop, or edge to edge. */
export type Layout = 'text' | 'wide' | 'full';

/** Classes that place a block at its layout width (the widths are in tailwind.css, `.story-*`). */
export const LAYOUT_CLASS: Record<Layout, string> = { text: 'story-text', wide: 'story-wide', full: 'story-full' };

/**
 * `sizes` for each layout: the CSS width the image is shown at, so the
 * browser fetches the smallest variant that is sharp. They follow
 * CaseStudyBody's grid: a 680 px text column; on desktop the main column
 * (container 1152 px less padding, the 220 px outline and its 64 px gap).
 */
const TEXT = '(min-width: 1024px) 680px, (min-width: 640px) min(680px, calc(100vw - 48px)), calc(100vw - 40px)';
const WIDE =
  '(min-width: 1152px) 804px, (min-width: 1024px) calc(100vw - 348px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 40px)';

export const LAYOUT_SIZES: Record<Layout, string> = { text: TEXT, wide: WIDE, full: '100vw' };

/** One of `count` images in a row (from 640 px; stacked below it). */
export function rowSizes(layout: Layout, count: number): string {
  const row = layout === 'text' ? '680px' : layout === 'wide' ? '804px' : '100vw';
  return `(min-width: 1024px) calc(${row} / ${count}), (min-width: 640px) calc((100vw - 48px) / ${count}), calc(100vw - 40px)`;
}

import type { ComponentType } from 'react';
import type { ZodTypeAny } from 'zod';
import { BeforeAfter, beforeAfterProps } from './BeforeAfter';
import { Callout, calloutProps } from './Callout';
import { Embed, embedProps } from './Embed';
import { Figure, figureProps } from './Figure';
import { Gallery, galleryProps } from './Gallery';
import { Metric, metricProps, Metrics, metricsProps } from './Metrics';
import { Quote, quoteProps } from './Quote';
import { Video, videoProps } from './Video';

/**
 * The story blocks a case study can use, by the name written in MDX. The
 * build (pipeline/content/remark-story.ts) checks every block against this
 * table, with the file and line of a mistake: unknown names, props (zod),
 * children, and the files its props name.
 */
export type BlockChildren =
  /** Self-closing: `<Embed … />`. */
  | { kind: 'none' }
  /** Markdown text inside, required. */
  | { kind: 'markdown' }
  /** Markdown images (one per line) inside, `min`–`max` of them; `sameSize` for a comparison. */
  | { kind: 'images'; min: number; max: number; sameSize?: boolean }
  /** Only these blocks inside, `min`–`max` of them. */
  | { kind: 'blocks'; name: string; min: number; max: number };

export type BlockDefinition = {
  component: ComponentType<never>;
  props: ZodTypeAny;
  children: BlockChildren;
  /** Props that name an image file (checked and planned like Markdown images). */
  images?: string[];
  /** Props that name a video file. */
  videos?: string[];
  /** The block this one may only appear in. */
  parent?: string;
};

/**
 * The most images a Gallery holds: a page carries it (each image is its own
 * upload, fitted in the browser, and the site sends each reader only the
 * variant their screen needs), and a set of screens rarely runs longer. The
 * build's check and the editor's card both read it from the table below.
 */
export const GALLERY_MAX_IMAGES = 24;

export const BLOCKS: Record<string, BlockDefinition> = {
  Figure: { component: Figure, props: figureProps, children: { kind: 'none' }, images: ['src'] },
  Gallery: { component: Gallery, props: galleryProps, children: { kind: 'images', min: 2, max: GALLERY_MAX_IMAGES } },
  BeforeAfter: { component: BeforeAfter, props: beforeAfterProps, children: { kind: 'images', min: 2, max: 2, sameSize: true } },
  Callout: { component: Callout, props: calloutProps, children: { kind: 'markdown' } },
  Metrics: { component: Metrics, props: metricsProps, children: { kind: 'blocks', name: 'Metric', min: 1, max: 4 } },
  Metric: { component: Metric, props: metricProps, children: { kind: 'none' }, parent: 'Metrics' },
  Quote: { component: Quote, props: quoteProps, children: { kind: 'markdown' } },
  Video: { component: Video, props: videoProps, children: { kind: 'none' }, images: ['poster'], videos: ['src', 'webm'] },
  Embed: { component: Embed, props: embedProps, children: { kind: 'none' }, images: ['poster'] },
};

export const VIDEO_TYPES: Record<string, 'video/mp4' | 'video/webm'> = { '.mp4': 'video/mp4', '.webm': 'video/webm' };

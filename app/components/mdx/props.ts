import { z } from 'zod';

/** Prop types the blocks share (checked at build time by pipeline/content/remark-story.ts). */
export const text = z.string().trim().min(1, 'must not be empty');
export const layout = z.enum(['text', 'wide', 'full']);
/** Rows of images read best at the text column's width or wide; a full-bleed row would be too tall. */
export const rowLayout = z.enum(['text', 'wide']);

import { z } from 'zod';
import { Caption } from './Caption';
import { LAYOUT_CLASS, LAYOUT_SIZES, useStoryImage, type Layout } from './media';
import { ZoomablePicture } from './StoryPicture';
import { layout, text } from './props';

/**
 * One image with its caption and credit, at the text column's width, wide or
 * full-bleed. A Markdown image alone in its paragraph becomes this block:
 * `![alt](./file.png "caption")`.
 */
export const figureProps = z
  .object({
    src: text,
    alt: z.string().optional(),
    caption: text.optional(),
    credit: text.optional(),
    layout: layout.optional(),
    decorative: z.boolean().optional(),
  })
  .strict();

type Props = z.infer<typeof figureProps>;

export function Figure({ src, alt = '', caption, credit, layout = 'text', decorative = false }: Props) {
  const image = useStoryImage(src);
  const full = layout === 'full';
  return (
    <figure data-block="figure" data-layout={layout} className={`${LAYOUT_CLASS[layout as Layout]} my-10 sm:my-12`}>
      <ZoomablePicture
        image={image}
        alt={decorative ? '' : alt}
        sizes={LAYOUT_SIZES[layout as Layout]}
        frame={full ? 'bleed' : 'rounded'}
      />
      <Caption caption={caption} credit={credit} className={full ? 'story-caption-inset' : ''} />
    </figure>
  );
}

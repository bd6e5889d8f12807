import type { ReactNode } from 'react';
import { z } from 'zod';
import { Caption } from './Caption';
import { childImages } from './Gallery';
import { LAYOUT_CLASS, LAYOUT_SIZES, useStoryImage } from './media';
import { ZoomablePicture } from './StoryPicture';
import { rowLayout, text } from './props';

/**
 * Two images of the same size, labelled. Without JavaScript they stand side
 * by side (stacked on phones). Where the browser runs scripts, CSS lays them
 * over each other from the first paint (`@media (scripting: enabled)`, so
 * nothing moves when the script arrives), and enhance/before-after.ts turns
 * the range input into the comparison slider.
 */
export const beforeAfterProps = z
  .object({ before: text.optional(), after: text.optional(), caption: text.optional(), layout: rowLayout.optional() })
  .strict();

type Props = z.infer<typeof beforeAfterProps> & { children?: ReactNode };

function Side({ side, label, src, alt, sizes }: { side: 'before' | 'after'; label: string; src: string; alt: string; sizes: string }) {
  const image = useStoryImage(src);
  return (
    <figure className="before-after-side m-0" data-side={side}>
      <ZoomablePicture image={image} alt={alt} sizes={sizes} />
      <figcaption className="before-after-label">{label}</figcaption>
    </figure>
  );
}

export function BeforeAfter({ before = 'Before', after = 'After', caption, layout = 'wide', children }: Props) {
  const [first, second] = childImages(children);
  // The build refuses a BeforeAfter without its two images; a page never breaks over one that slipped through.
  if (!first || !second) return null;
  // Sized for the slider, which shows each image at the block's full width (side by side, without scripts, each takes half).
  const sizes = LAYOUT_SIZES[layout];
  return (
    <figure data-block="before-after" data-layout={layout} className={`${LAYOUT_CLASS[layout]} my-10 sm:my-12`}>
      {/* The split (--split, 50% until the slider moves it) is set by script: the CSP allows no style attributes. */}
      <div className="before-after-stage">
        <Side side="before" label={before} src={first.src} alt={first.alt ?? ''} sizes={sizes} />
        <Side side="after" label={after} src={second.src} alt={second.alt ?? ''} sizes={sizes} />
        <input
          type="range"
          className="before-after-range"
          min={0}
          max={100}
          step={1}
          defaultValue={50}
          aria-label={`Compare: drag or use the arrow keys to reveal more of “${before}” or “${after}”`}
          aria-valuetext={`${before} 50%, ${after} 50%`}
          data-print="hide"
        />
        <span className="before-after-handle" aria-hidden="true" />
      </div>
      <Caption caption={caption} className="mt-4" />
    </figure>
  );
}

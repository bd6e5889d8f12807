import { Children, isValidElement, type ReactNode } from 'react';
import { z } from 'zod';
import { Caption } from './Caption';
import { LAYOUT_CLASS, rowSizes, useStoryImage } from './media';
import { ZoomablePicture } from './StoryPicture';
import { rowLayout, text } from './props';

/** 2–4 images side by side, or up to 24 in a grid of three a row, each with its own caption; they stack on phones. */
export const galleryProps = z.object({ caption: text.optional(), layout: rowLayout.optional() }).strict();

type ImageProps = { src: string; alt?: string; caption?: string; decorative?: boolean };

/** The images a row block holds: its children, which the build made Figure elements. */
export function childImages(children: ReactNode): ImageProps[] {
  return Children.toArray(children).flatMap((child) => (isValidElement<ImageProps>(child) && child.props.src ? [child.props] : []));
}

const COLUMNS: Record<number, string> = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' };
/** Five and more: two a row on a tablet, three on a desktop, so a long set of screens stays legible. */
const MANY_COLUMNS = 'sm:grid-cols-2 lg:grid-cols-3';

function GalleryItem({ src, alt = '', caption, decorative, sizes }: ImageProps & { sizes: string }) {
  const image = useStoryImage(src);
  return (
    <figure className="m-0">
      <ZoomablePicture image={image} alt={decorative ? '' : alt} sizes={sizes} />
      <Caption caption={caption} className="mt-2.5" />
    </figure>
  );
}

export function Gallery({ caption, layout = 'wide', children }: z.infer<typeof galleryProps> & { children?: ReactNode }) {
  const images = childImages(children);
  const many = images.length > 4;
  const sizes = rowSizes(layout, many ? 3 : images.length);
  return (
    <figure data-block="gallery" data-layout={layout} className={`${LAYOUT_CLASS[layout]} my-10 sm:my-12`}>
      <div className={`grid gap-6 sm:gap-4 ${many ? MANY_COLUMNS : (COLUMNS[images.length] ?? '')}`}>
        {images.map((image) => (
          <GalleryItem key={image.src} {...image} sizes={sizes} />
        ))}
      </div>
      <Caption caption={caption} className="mt-4" />
    </figure>
  );
}

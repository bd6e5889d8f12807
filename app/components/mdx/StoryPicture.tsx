import type { StoryImage } from './media';

type Props = {
  image: StoryImage;
  alt: string;
  sizes: string;
  className?: string;
};

/**
 * A story image: AVIF and WebP variants in a `<picture>` (SVG as it is), with
 * its width and height so nothing moves while it loads, lazy and decoded off
 * the main thread (a story is always below the fold).
 */
export function StoryPicture({ image, alt, sizes, className = '' }: Props) {
  const img = (
    <img
      src={image.src}
      alt={alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
      className={`block h-auto w-full ${className}`}
    />
  );
  if (!image.sources) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={image.sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}

/**
 * The image as a link to its largest file: without JavaScript it opens full
 * size; with it, the zoom viewer (enhance/zoom.ts) opens instead. Decorative
 * images are not links.
 */
export function ZoomablePicture({ image, alt, sizes, className = '', frame = 'rounded' }: Props & { frame?: 'rounded' | 'bleed' }) {
  const framed = frame === 'rounded' ? 'story-frame' : 'story-frame-bleed';
  if (!alt) {
    return (
      <div className={framed}>
        <StoryPicture image={image} alt="" sizes={sizes} className={className} />
      </div>
    );
  }
  return (
    <a href={image.full} data-zoom="" className={framed}>
      <StoryPicture image={image} alt={alt} sizes={sizes} className={className} />
      <span className="sr-only"> (full size)</span>
      <span aria-hidden="true" className="zoom-badge" />
    </a>
  );
}

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
  const framed = frame === 'rounded' ? 'overflow-hidden rounded-2xl border border-border bg-bg-muted' : 'bg-bg-muted';
  if (!alt) {
    return (
      <div className={framed}>
        <StoryPicture image={image} alt="" sizes={sizes} className={className} />
      </div>
    );
  }
  return (
    <a href={image.full} data-zoom="" className={`group/zoom relative block ${framed}`}>
      <StoryPicture image={image} alt={alt} sizes={sizes} className={className} />
      <span className="sr-only"> (full size)</span>
      <span
        aria-hidden="true"
        className="zoom-badge pointer-events-none absolute right-3 top-3 grid size-9 place-items-center rounded-full bg-zinc-950/70 text-white opacity-0 transition-opacity group-hover/zoom:opacity-100 group-focus-visible/zoom:opacity-100"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M15 4h5v5M9 20H4v-5M20 4l-6 6M4 20l6-6" />
        </svg>
      </span>
    </a>
  );
}

import { focalPointClasses } from '~/content/focal-point';
import type { ResponsiveImage as ResponsiveImageData } from '~/content/schema';

type Props = {
  image: ResponsiveImageData;
  /** The displayed width at each breakpoint, so the browser picks the smallest variant that is sharp. */
  sizes: string;
  className?: string;
  /**
   * The page's LCP image: fetched at once and ahead of other images
   * (loading="eager", fetchpriority="high"). One per page at most; every other
   * image is lazy, so one that is off screen or hidden costs nothing.
   */
  priority?: boolean;
};

/**
 * A content image as `<picture>`: AVIF, then WebP, both made at build in
 * several widths (pipeline/images.ts), and the original file as the `<img>`
 * fallback. The `<img>` keeps the image's width and height, so the page does
 * not shift while it loads. The `<picture>` box is `display: contents`: the
 * `<img>` is laid out as if it stood alone, so className applies as before.
 * Where className crops it (object-cover), the image's focal point stays in
 * frame: classes, as the pages allow no inline style (focal-point.ts).
 */
export function ResponsiveImage({ image, sizes, className, priority = false }: Props) {
  // React 18 does not know the `fetchPriority` prop (it warns, and renders it camel-cased); a
  // lowercase attribute passes through as is. Spread, as the DOM types only name the camelCase prop.
  const loading = priority ? { loading: 'eager' as const, fetchpriority: 'high' } : { loading: 'lazy' as const };
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={image.sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.sources.webp} sizes={sizes} />
      <img
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        decoding="async"
        {...loading}
        className={[className, focalPointClasses(image.focus)].filter(Boolean).join(' ') || undefined}
      />
    </picture>
  );
}

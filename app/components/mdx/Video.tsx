import { z } from 'zod';
import { Caption } from './Caption';
import { LAYOUT_CLASS, useStoryMedia } from './media';
import { layout, text } from './props';

/**
 * A short, self-hosted screen recording (MP4 and/or WebM) with a poster.
 * Without JavaScript: the player with its controls, nothing downloaded
 * before play. With `autoplay`, enhance/video.ts plays it muted and looping
 * while it is on screen, never under prefers-reduced-motion.
 */
export const videoProps = z
  .object({
    src: text,
    webm: text.optional(),
    poster: text,
    alt: text,
    caption: text.optional(),
    layout: layout.optional(),
    autoplay: z.boolean().optional(),
  })
  .strict();

export function Video({ src, webm, poster, alt, caption, layout = 'text', autoplay = false }: z.infer<typeof videoProps>) {
  const media = useStoryMedia();
  const main = media.video(src);
  const alternative = webm ? media.video(webm) : undefined;
  const still = media.image(poster);
  // WebM first: smaller where it plays; MP4 plays everywhere.
  const sources = [main, alternative]
    .filter((v) => v !== undefined)
    .sort((a, b) => (a.type === 'video/webm' ? -1 : b.type === 'video/webm' ? 1 : 0));
  const full = layout === 'full';
  // A phone recording stands upright at a phone's width, not the column's.
  const portrait = still.height > still.width;
  const player = (poster: 'attribute' | 'lazy') => (
    <video
      controls
      preload="none"
      playsInline
      poster={poster === 'attribute' ? still.src : undefined}
      data-poster={poster === 'lazy' ? still.src : undefined}
      width={still.width}
      height={still.height}
      aria-label={alt}
      data-autoplay={autoplay ? '' : undefined}
      className={`block h-auto w-full bg-bg-muted ${portrait ? 'mx-auto max-w-[20rem]' : ''} ${full ? '' : 'rounded-2xl border border-border'}`}
    >
      {sources.map((source) => (
        <source key={source.src} src={source.src} type={source.type} />
      ))}
      <a href={main.src}>Download the clip</a>
    </video>
  );
  // A poster attribute is fetched at once, wherever the video is, competing
  // with what the first screen needs. So where scripts run, enhance/video.ts
  // sets it as the video nears the viewport; without them, the <noscript>
  // player has it from the start (story.css shows one or the other).
  return (
    <figure data-block="video" data-layout={layout} className={`${LAYOUT_CLASS[layout]} my-10 sm:my-12`}>
      {player('lazy')}
      <noscript>{player('attribute')}</noscript>
      <Caption caption={caption} className={full ? 'story-caption-inset' : portrait ? 'mx-auto max-w-md text-center' : ''} />
    </figure>
  );
}

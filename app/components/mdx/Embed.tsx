import { z } from 'zod';
import { Caption } from './Caption';
import { LAYOUT_CLASS, LAYOUT_SIZES, useStoryMedia, type StoryImage } from './media';
import { StoryPicture } from './StoryPicture';
import { layout, text } from './props';

/**
 * A Figma prototype, or a YouTube, Vimeo or Loom video, shown as a poster
 * card that links to it (a new tab). With JavaScript, a click loads the
 * player in place (enhance/embed.ts): until then no request goes to the
 * other host. The page's CSP allows exactly the hosts its embeds use
 * (security-headers.server.ts reads data-embed-origin).
 */

type Provider = { name: string; action: string; player: (url: URL) => string | null };

function lastSegment(url: URL): string | null {
  return url.pathname.split('/').filter(Boolean).at(-1) ?? null;
}

/** YouTube, without its tracking cookies until the visitor plays. */
function youtube(videoId: (url: URL) => string | null): Provider {
  return {
    name: 'YouTube',
    action: 'Watch on YouTube',
    player: (url) => {
      const id = videoId(url);
      return id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
    },
  };
}

const PROVIDERS: Record<string, Provider> = {
  'figma.com': {
    name: 'Figma',
    action: 'Open the prototype in Figma',
    player: (url) =>
      /^\/(proto|file|design)\//.test(url.pathname)
        ? `https://www.figma.com/embed?embed_host=share&url=${encodeURIComponent(url.href)}`
        : null,
  },
  'youtube.com': youtube((url) => url.searchParams.get('v') ?? (url.pathname.startsWith('/embed/') ? lastSegment(url) : null)),
  'youtu.be': youtube(lastSegment),
  'vimeo.com': {
    name: 'Vimeo',
    action: 'Watch on Vimeo',
    player: (url) => {
      const id = lastSegment(url);
      return id && /^\d+$/.test(id) ? `https://player.vimeo.com/video/${id}` : null;
    },
  },
  'loom.com': {
    name: 'Loom',
    action: 'Watch on Loom',
    player: (url) => {
      const match = /^\/(?:share|embed)\/([0-9a-f]{16,64})$/.exec(url.pathname);
      return match ? `https://www.loom.com/embed/${match[1]}` : null;
    },
  },
};

export const EMBED_HOSTS = Object.keys(PROVIDERS);

/** The player for a link: its iframe URL and origin, or null when the link is not one the site can embed. */
export function embedFor(href: string): { provider: Provider; src: string; origin: string } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^(www|m|player|embed)\./, '');
  const provider = PROVIDERS[host];
  const src = provider?.player(url);
  return provider && src ? { provider, src, origin: new URL(src).origin } : null;
}

export const embedProps = z
  .object({
    href: z.string().refine((href) => embedFor(href) !== null, {
      message: `must be an https link to a Figma prototype or file, or a YouTube, Vimeo or Loom video (${EMBED_HOSTS.join(', ')})`,
    }),
    title: text,
    poster: text.optional(),
    caption: text.optional(),
    layout: layout.optional(),
  })
  .strict();

function Poster({ image, sizes }: { image?: StoryImage; sizes: string }) {
  if (image) return <StoryPicture image={image} alt="" sizes={sizes} />;
  return <div className="embed-placeholder absolute inset-0" />;
}

export function Embed({ href, title, poster, caption, layout = 'wide' }: z.infer<typeof embedProps>) {
  // embedProps' refine lets through only links that embedFor recognises.
  const embed = embedFor(href)!;
  const media = useStoryMedia();
  const image = poster ? media.image(poster) : undefined;
  const full = layout === 'full';
  return (
    <figure
      data-block="embed"
      data-layout={layout}
      data-embed-src={embed.src}
      data-embed-origin={embed.origin}
      data-embed-title={`${title} (${embed.provider.name})`}
      className={`${LAYOUT_CLASS[layout]} my-10 sm:my-12`}
    >
      {/* The poster gives the box its shape (16:10 without one); the player takes the same box. */}
      <div
        className={`embed-frame relative overflow-hidden bg-bg-muted ${image ? '' : 'aspect-[16/10]'} ${full ? '' : 'rounded-2xl border border-border'}`}
      >
        <Poster image={image} sizes={LAYOUT_SIZES[layout]} />
        <div className="absolute inset-0 flex flex-col items-start justify-end gap-3 bg-gradient-to-t from-zinc-950/75 via-zinc-950/20 to-transparent p-5 sm:p-7">
          <p className="text-lg font-semibold text-balance text-white sm:text-xl">{title}</p>
          <div className="embed-actions flex flex-wrap gap-2">
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="embed-open inline-flex h-10 items-center gap-2 rounded-full bg-white px-5 text-sm font-medium text-zinc-950 transition-colors hover:bg-zinc-200"
            >
              {embed.provider.action}
              <svg
                width="16"
                height="16"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                aria-hidden="true"
              >
                <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
              </svg>
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        </div>
      </div>
      <Caption caption={caption} className={full ? 'story-caption-inset' : ''} />
      <p className="hidden text-sm text-fg-muted print:block">{href}</p>
    </figure>
  );
}

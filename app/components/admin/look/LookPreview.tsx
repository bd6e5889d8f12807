import type { HomeOrder } from '~/content/home-sections';
import type { Look } from '~/look/look';
import { lookPreviewHref, shownSchemes, type LookPreviewPage, type ShownScheme } from '~/look/look-preview';

/**
 * Her pages in the look she is trying, before she publishes: the home page
 * (its sections as she is arranging them) and a case study, at a desktop's width (1280 px) and a phone's (375 px),
 * in each scheme her visitors will see. Each is a frame of the server's
 * preview, drawn at its real width and scaled down by CSS, so it needs no
 * script; sandboxed, so nothing in it runs.
 */

const PAGE_NAMES: Record<LookPreviewPage, string> = { home: 'Home page', work: 'Your work', 'case-study': 'A case study' };
const SCHEME_NAMES: Record<ShownScheme, string> = { light: 'Light', dark: 'Dark' };

const SIZES = {
  desktop: {
    label: 'Desktop',
    box: 'h-[200px] w-[320px] sm:h-[272px] sm:w-[435px]',
    frame: 'h-[800px] w-[1280px] scale-[0.25] sm:scale-[0.34]',
  },
  phone: { label: 'Phone', box: 'h-[318px] w-[161px]', frame: 'h-[740px] w-[375px] scale-[0.43]' },
} as const;

export function LookPreview({ look, caseStudy, home }: { look: Look; caseStudy: boolean; home?: HomeOrder }) {
  const pages: LookPreviewPage[] = caseStudy ? ['home', 'work', 'case-study'] : ['home', 'work'];
  return (
    <section aria-labelledby="look-preview-title" data-look-preview className="mt-10">
      <h2 id="look-preview-title" className="text-xl font-semibold tracking-tight">
        Preview
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        Your own pages in this look. Visitors see it once you publish.
        {caseStudy ? null : ' A case study shows here once one of yours is published and public.'}
      </p>
      {shownSchemes(look).map((shown) => (
        <div key={shown} data-preview-scheme={shown} className="mt-6">
          <h3 className="font-semibold">{SCHEME_NAMES[shown]}</h3>
          <div className="mt-3 flex flex-wrap items-start gap-5">
            {pages.flatMap((page) =>
              (['desktop', 'phone'] as const).map((size) => {
                const href = lookPreviewHref(look, page, shown, home);
                const title = `${PAGE_NAMES[page]}, ${SCHEME_NAMES[shown].toLowerCase()}, on a ${SIZES[size].label.toLowerCase()}`;
                return (
                  <figure key={`${page}-${size}`} data-preview-frame={`${page}-${size}`}>
                    <div className={`overflow-hidden rounded-lg border border-border bg-bg ${SIZES[size].box}`}>
                      <iframe
                        src={href}
                        title={title}
                        sandbox="allow-same-origin"
                        loading="lazy"
                        className={`pointer-events-none origin-top-left ${SIZES[size].frame}`}
                      />
                    </div>
                    <figcaption className="mt-1.5 text-xs text-fg-muted">
                      {PAGE_NAMES[page]} · {SIZES[size].label} ·{' '}
                      <a
                        href={href}
                        target="_blank"
                        rel="noreferrer"
                        className="font-medium text-accent underline-offset-4 hover:underline"
                      >
                        Open<span className="sr-only"> {title}</span> in a new tab
                      </a>
                    </figcaption>
                  </figure>
                );
              }),
            )}
          </div>
        </div>
      ))}
    </section>
  );
}

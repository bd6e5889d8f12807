import { NavLink } from '@remix-run/react';
import { ArrowUpIcon } from '~/components/ui';
import type { Site } from '~/content/schema';
import { FOOTER_WORDS } from '~/content/site-words';

const FOOTER_LINK = 'rounded-md font-medium text-fg-muted transition-colors hover:text-fg';

/** `words` from site.yml; an error page whose root data is missing falls back on the defaults. */
export function Footer({ name, words = FOOTER_WORDS }: { name: string; words?: Site['footer'] }) {
  const year = new Date().getFullYear();
  return (
    <footer data-print="hide" className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-5 py-8 text-sm text-fg-muted sm:flex-row sm:px-6 lg:px-8">
        <p className="text-center sm:text-left">
          © {year} {name}. {words.rights}
        </p>
        <div className="flex items-center gap-6">
          {/* NavLink: aria-current="page" on /privacy itself. */}
          <NavLink to="/privacy" className={`${FOOTER_LINK} aria-[current=page]:text-fg`}>
            {words.privacy}
          </NavLink>
          {/* On / it scrolls smoothly (app/islands/home-scroll.ts); elsewhere it jumps, as without JavaScript. */}
          <a href="#home" data-scroll-link className={`group inline-flex items-center gap-1.5 ${FOOTER_LINK}`}>
            {words.backToTop}
            <ArrowUpIcon className="size-4 transition-transform group-hover:-translate-y-0.5" />
          </a>
        </div>
      </div>
    </footer>
  );
}

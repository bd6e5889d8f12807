import { Link, useRouteLoaderData } from '@remix-run/react';
import type { MetaDescriptor } from '@remix-run/react';
import { ArrowLeftIcon } from '~/components/ui';
import type { Site } from '~/content/schema';
import { NOT_FOUND_WORDS } from '~/content/site-words';

/** A missing page's meta: kept out of the index, and no canonical URL to point at. */
export const NOT_FOUND_META: MetaDescriptor[] = [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];

/**
 * The spec's console line for a missing page, as an inline script: the page
 * loads no module for it. A warning, not an error: a mistyped URL is not an
 * application fault. The CSP allows it by its hash, like every inline script.
 */
const LOG_MISSING_PATH = "console.warn('404 Error: User attempted to access non-existent route:', location.pathname)";

/**
 * Her words come with the root's data (root.tsx), so every route's missing
 * page shows them; when the content could not be read, the site's own.
 */
export function NotFound() {
  const root = useRouteLoaderData<{ site?: { notFound?: Site['notFound'] } }>('root');
  const words = root?.site?.notFound ?? NOT_FOUND_WORDS;
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <script dangerouslySetInnerHTML={{ __html: LOG_MISSING_PATH }} />
      <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">404</p>
      <h1 className="mt-4 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{words.title}</h1>
      <p className="mt-4 text-lg text-pretty text-fg-muted">{words.subtitle}</p>
      <Link
        to="/"
        className="mt-10 inline-flex h-11 items-center gap-2 rounded-full bg-accent px-6 font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover"
      >
        <ArrowLeftIcon className="size-4" />
        {words.homeLink}
      </Link>
    </main>
  );
}

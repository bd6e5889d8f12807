import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { DevReload } from '~/components/layout/DevReload';
import { Footer } from '~/components/layout/Footer';
import { Header } from '~/components/layout/Header';
import { NAV_ITEMS, navItemsFor, withPages } from '~/components/layout/nav-items';
import { ReadingInsights } from '~/components/layout/ReadingInsights';
import { ScrollRestoration } from '~/components/layout/ScrollRestoration';
import stylesheet from '~/tailwind.css';
import { getMenuPages, getSite } from '~/content/content.server';
import { homeNav } from '~/content/home-sections';
import { analyticsEnabled } from '~/insights/gate.server';
import { islandsBootUrl } from '~/islands/boot-url.server';
import { bootLoaderScript } from '~/islands/boot-loader';
import { SPECULATION_RULES_JSON } from '~/islands/speculation-rules';
import { pageLook } from '~/look/look.server';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon-32x32.png', type: 'image/png', sizes: '32x32' },
  { rel: 'icon', href: '/favicon-96x96.png', type: 'image/png', sizes: '96x96' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

export function loader(_: LoaderFunctionArgs) {
  const { name, initials, role, footer, notFound, home } = getSite();
  return {
    // notFound: the missing page's words, for whichever route answers 404 (components/layout/NotFound.tsx).
    site: { name, initials, role, footer, notFound, nav: homeNav(home) },
    // Her pages with a place in the header menu (content/pages/): the header and the phone menu put them there.
    menuPages: getMenuPages(),
    insights: analyticsEnabled(),
    islands: islandsBootUrl(),
    look: pageLook(),
  };
}

/**
 * Only used when an error reaches the root boundary: every page has its own
 * meta, built by its loader (app/seo/meta.ts), and the 404 pages are their
 * routes' own (routes/$.tsx, routes/case-study.$slug.tsx). Errors are never
 * indexed.
 */
export const meta: MetaFunction = ({ error }) =>
  error ? [{ title: 'Unexpected Application Error!' }, { name: 'robots', content: 'noindex' }] : [];

/**
 * Runs in <head> on / before the first paint: takes the #hash out of the URL
 * so the browser does not jump there, because the menu island smooth-scrolls
 * to it (app/islands/home-scroll.ts). Should the island never start, it jumps after
 * 4 s. The no-JS menu's own #mobile-menu is left alone.
 */
const HOME_HASH_SCRIPT = `if (location.hash.length > 1 && location.hash !== '#mobile-menu') {
  window.__initialHash = location.hash;
  history.replaceState(history.state, '', location.pathname + location.search);
  setTimeout(function () { if (window.__initialHash) { var h = window.__initialHash; window.__initialHash = undefined; location.replace(h); } }, 4000);
}`;

/**
 * Only the owner's area runs the app in the browser (<Scripts/>: React, the
 * Remix runtime, its route modules and their data). Every other page, the
 * error pages included, is the server's HTML and CSS with a few small
 * islands, started by one module added once the page has loaded
 * (app/islands/boot-loader.ts, app/islands/boot.ts),
 * and speculation rules for the pages a visitor is about to open. So a link
 * from the owner's area to a public page loads the whole document
 * (reloadDocument, and loadAsDocument for any other way in,
 * app/utils/load-as-document.ts).
 */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const site = data?.site;
  const { pathname } = useLocation();
  // The owner's area has its own bar (routes/admin.tsx); the visitor's header and footer would only mislead there.
  const ownerArea = useMatches().some((match) => match.id.startsWith('routes/admin'));
  // The owner's area: the no-JS fallbacks stay in charge until the app has hydrated (after the first paint).
  useEffect(() => {
    document.documentElement.classList.add('js');
  }, []);
  // Her look: an inline style after the site's stylesheet (allowed by its hash, like the inline scripts), and a forced scheme on <html>.
  const look = data?.look;
  const forcedScheme = look && look.scheme !== 'system' ? look.scheme : undefined;
  return (
    <html lang="en" data-scheme={forcedScheme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={forcedScheme ?? 'light dark'} />
        {/* Her typefaces' files for the first view, fetched while the stylesheet is: crossOrigin, as fonts are fetched in CORS mode. */}
        {look?.fonts.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {!ownerArea && pathname === '/' ? <script dangerouslySetInnerHTML={{ __html: HOME_HASH_SCRIPT }} /> : null}
        <Meta />
        <Links />
        {look?.css ? <style data-look="" dangerouslySetInnerHTML={{ __html: look.css }} /> : null}
      </head>
      <body className="min-h-dvh bg-bg text-fg">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-4 focus:left-4 focus:z-[60] focus:rounded-md focus:bg-accent focus:px-4 focus:py-2 focus:text-accent-fg"
        >
          Skip to content
        </a>
        {/* #home is the top of every page, so "Back to top" works everywhere. */}
        <div id="home" className="flex min-h-dvh flex-col">
          {ownerArea ? null : (
            <Header
              name={site?.name ?? ''}
              initials={site?.initials ?? ''}
              items={withPages(site ? navItemsFor(site.nav) : NAV_ITEMS, data?.menuPages ?? [])}
            />
          )}
          <div className="flex-1">{children}</div>
          {ownerArea ? null : <Footer name={site?.name ?? ''} words={site?.footer} />}
        </div>
        {ownerArea ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <>
            <ReadingInsights enabled={data?.insights ?? false} />
            {data?.islands ? (
              <script data-islands-boot={data.islands} dangerouslySetInnerHTML={{ __html: bootLoaderScript(data.islands) }} />
            ) : null}
            <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES_JSON }} />
          </>
        )}
        <DevReload />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Unexpected errors only: a missing page is answered by its route (NotFound). */
export function ErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main id="main" className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-6 py-24">
      <h1 className="text-3xl font-semibold tracking-tight">Unexpected Application Error!</h1>
      <p className="font-mono text-sm text-fg-muted">{detail}</p>
      <a href="/" className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover">
        Return to Home
      </a>
    </main>
  );
}

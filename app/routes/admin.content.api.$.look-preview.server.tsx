import type { LoaderFunctionArgs } from '@remix-run/node';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server.js';
import type { ReactNode } from 'react';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { BackToCaseStudies } from '~/components/case-study/BackToCaseStudies';
import { CaseStudyBody } from '~/components/case-study/CaseStudyBody';
import { CaseStudyFooter } from '~/components/case-study/CaseStudyFooter';
import { CaseStudyHeader } from '~/components/case-study/CaseStudyHeader';
import { CaseStudiesSection } from '~/components/home/CaseStudiesSection';
import { HomeSections } from '~/components/home/HomeSections';
import { Footer } from '~/components/layout/Footer';
import { Header } from '~/components/layout/Header';
import { navItemsFor, withPages } from '~/components/layout/nav-items';
import { homeNav, type HomeOrder } from '~/content/home-sections';
import { readHomeForm } from '~/look/home-form';
import { getCaseStudy, getCaseStudyCards, getMenuPages, getPageTeasers, getPublicCaseStudySlugs, getSite } from '~/content/content.server';
import { contentSecurityPolicy, lookStyleHashes, setSecurityHeaders } from '~/http/security-headers.server';
import { lookCss } from '~/look/look-css';
import type { Look } from '~/look/look';
import { readLookForm } from '~/look/look-form';
import { LOOK_PREVIEW_PAGES, type LookPreviewPage } from '~/look/look-preview';
import { typefaceSamplesCss } from '~/look/typeface-faces.server';
import { previewDocument } from './admin.content.api.$.preview-page.server';

/**
 * The Look page's preview frames: her home page, its case studies alone, or
 * her first public case study, drawn by the site's own components from the live content, in the
 * look the address carries (not yet published) and in one scheme. Framed by
 * the Look page only (frame-ancestors 'self'), and sandboxed by its own CSP:
 * no script runs in it, framed or opened on its own.
 */

function answer(status: number, body: string, type = 'text/html; charset=utf-8'): Response {
  const headers = new Headers({ 'Content-Type': type, ...OWNER_HEADERS });
  setSecurityHeaders(headers, '');
  headers.set(
    'Content-Security-Policy',
    `${contentSecurityPolicy([], [], lookStyleHashes(body)).replace("frame-ancestors 'none'", "frame-ancestors 'self'")}; sandbox allow-same-origin`,
  );
  headers.set('X-Frame-Options', 'SAMEORIGIN');
  return new Response(body, { status, headers });
}

/** Server-rendered inside a data router: the site's links and its contact form read the router as they do on the site. */
async function markup(at: string, children: ReactNode): Promise<string> {
  const handler = createStaticHandler([{ path: '*', element: children }]);
  const context = await handler.query(new Request(`http://preview${at}`));
  if (context instanceof Response) throw new Error('the preview router answered with a redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

async function pageMarkup(page: LookPreviewPage, look: Look, home: HomeOrder): Promise<{ title: string; inner: string } | null> {
  // Her site with the look she is trying and the sections as she is arranging them: the hero, her work laid out as the look asks, the menu that follows.
  const site = { ...getSite(), look, home };
  const frame = (main: ReactNode) => (
    <>
      <Header name={site.name} initials={site.initials} items={withPages(navItemsFor(homeNav(home)), getMenuPages())} />
      {main}
      <Footer name={site.name} words={site.footer} />
    </>
  );
  if (page === 'home') {
    const inner = await markup(
      '/',
      frame(
        <main id="main">
          <HomeSections site={site} cards={getCaseStudyCards()} pages={getPageTeasers()} />
        </main>,
      ),
    );
    return { title: `${site.name}: home page`, inner };
  }
  if (page === 'work') {
    const inner = await markup(
      '/',
      <main id="main">
        <CaseStudiesSection cards={getCaseStudyCards()} words={site.work} layout={look.workLayout} />
      </main>,
    );
    return { title: `${site.name}: ${site.work.title}`, inner };
  }
  // Her first case study on the home page that anyone may read.
  const open = new Set(getPublicCaseStudySlugs());
  const slug = getCaseStudyCards().find((card) => open.has(card.slug) && getCaseStudy(card.slug))?.slug;
  const caseStudy = slug ? getCaseStudy(slug) : null;
  if (!caseStudy) return null;
  const more = getCaseStudyCards().filter((card) => card.slug !== caseStudy.slug);
  const inner = await markup(
    `/case-study/${caseStudy.slug}`,
    frame(
      <main id="main">
        <div className="mx-auto max-w-6xl px-5 pt-8 sm:px-6 sm:pt-10 lg:px-8">
          <BackToCaseStudies />
        </div>
        <CaseStudyHeader caseStudy={caseStudy} />
        <CaseStudyBody html={caseStudy.html} sections={caseStudy.sections} />
        <CaseStudyFooter more={more} layout={look.workLayout} words={{ moreWork: site.moreWork, cta: site.cta }} />
      </main>,
    ),
  );
  return { title: caseStudy.title, inner };
}

const notice = (title: string, sentence: string) =>
  `<main id="main" class="mx-auto max-w-2xl px-5 py-12"><h1 class="text-2xl font-semibold tracking-tight">${title}</h1><p class="mt-3 text-fg-muted">${sentence}</p></main>`;

export async function lookPreviewLoader({ request, params }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const page = LOOK_PREVIEW_PAGES.find((name) => name === params['*']);
    if (!page)
      return answer(
        404,
        previewDocument(
          'Not found',
          notice('No such preview', 'The Look page shows your home page, your work and a case study.'),
          undefined,
          {
            islands: false,
          },
        ),
      );
    const query = new URL(request.url).searchParams;
    const { look, problems } = readLookForm((name) => query.get(name));
    if (!look)
      return answer(
        400,
        previewDocument('Nothing to preview yet', notice('Nothing to preview yet', Object.values(problems).join(' ')), undefined, {
          islands: false,
        }),
      );
    const shown = query.get('shown') === 'dark' ? 'dark' : 'light';
    const { home } = readHomeForm((name) => query.get(name), getSite().home);
    const drawn = await pageMarkup(page, look, home);
    if (!drawn)
      return answer(
        200,
        previewDocument(
          'No case study yet',
          notice('No case study to show yet', 'Once one of your case studies is published and public, it shows here in your look.'),
          undefined,
          { islands: false },
        ),
      );
    // The look as a page wears it (its typefaces' faces and families included), in the scheme this frame shows.
    const css = lookCss({ ...look, scheme: shown });
    const style = `<style data-look>${css}</style>`;
    return answer(
      200,
      previewDocument(
        `Preview: ${drawn.title}`,
        drawn.inner,
        { htmlAttributes: ` data-scheme="${shown}"`, colourScheme: shown, style },
        { islands: false },
      ),
    );
  });
}

/** The Look page's typeface labels, each in its own face (a stylesheet: the page's CSP allows no style attribute). */
export async function lookTypefacesLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const headers = new Headers({ 'Content-Type': 'text/css; charset=utf-8', ...OWNER_HEADERS });
    return new Response(typefaceSamplesCss(), { status: 200, headers });
  });
}

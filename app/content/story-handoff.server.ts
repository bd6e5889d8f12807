import type { EntryContext } from '@remix-run/node';
// Remix's own encoder for the data it hands the browser (single fetch); not part of its public API, hence the deep import.
import { encodeViaTurboStream } from '@remix-run/server-runtime/dist/single-fetch.js';
import { ServerMode } from '@remix-run/server-runtime/dist/mode.js';

const CASE_STUDY_ROUTE = 'routes/case-study.$slug';

type CaseStudyPageData = { caseStudy?: { html?: string } | null } | null | undefined;

/**
 * A case study's story is rendered into the page as HTML, and Remix would
 * also hand the same HTML to the browser inside the page, as the route's
 * loader data, for hydration: the story twice, about a third of the page's
 * bytes, all before the first paint. Hydration does not need it (the story
 * is static HTML that React leaves alone, see CaseStudyBody), so the copy
 * handed over for hydration has an empty story. Client-side navigations
 * fetch the route's data (.data requests), which keeps the story, since
 * there is no server-rendered HTML then. Pages with errors or action data
 * are handed over as Remix made them.
 */
export function withoutStoryInHandoff(request: Request, context: EntryContext): EntryContext {
  const { loaderData, actionData, errors } = context.staticHandlerContext;
  const page = loaderData[CASE_STUDY_ROUTE] as CaseStudyPageData;
  if (errors || actionData || !page?.caseStudy?.html || !context.serverHandoffStream) return context;
  const slim = { ...loaderData, [CASE_STUDY_ROUTE]: { ...page, caseStudy: { ...page.caseStudy, html: '' } } };
  const mode = process.env.NODE_ENV === 'production' ? ServerMode.Production : ServerMode.Development;
  return { ...context, serverHandoffStream: encodeViaTurboStream({ loaderData: slim, actionData: null, errors: null }, request.signal, undefined, mode) };
}

import type { CaseStudy, Page, Site } from '~/content/schema';

/**
 * The content check's contract, shared by its three parts: the checker
 * (pipeline/content/check.ts, build-time code), the owner-only function that
 * runs it (netlify/functions/content-check.ts) and the app's caller
 * (app/editing/content-check/call.server.ts). It lives in app/ because app/ must
 * never import pipeline/ (the public site's function would then carry the
 * MDX compiler); pipeline/ importing app/ types is fine.
 */

/**
 * One edit to check: a repository path (`content/…`) and its new bytes, or
 * null for a deleted file. `fromDraft`: the bytes are a draft's uploaded
 * image, kept in the database; the call names it (and its hash) instead of
 * carrying it, and the function reads it from there, so no check's request
 * grows with the images of a publish.
 */
export type CheckChange = { path: string; bytes: Buffer | null; fromDraft?: boolean };

export type CheckProblem = {
  /** Repository path of the file, e.g. `content/case-studies/office-depot.mdx`. */
  file: string;
  message: string;
  /** 1-based line (and column) in that file, when known. */
  line?: number;
  column?: number;
  /** The frontmatter (or site.yml) field the problem names, e.g. `page.outcomes.0.value`: the form shows it by that input. */
  field?: string;
};

/**
 * A published case study as the site will render it, with every image and
 * video URL pointing at the owner-only media route (MEDIA_ROUTE + the source
 * file's repository path), because the build's /generated/ files do not exist
 * for an edit nobody has built yet.
 */
export type CheckPreview = { caseStudy: CaseStudy; site: Site };

/** The preview of a page of her own, as the build compiled it. */
export type CheckPagePreview = { page: Page; site: Site };

export type CheckResult =
  | {
      ok: true;
      preview?: CheckPreview;
      /** For a page of her own, instead of `preview`. */
      pagePreview?: CheckPagePreview;
      /** Set instead of `preview` when one was asked for but the file has no page (e.g. status coming-soon). */
      previewUnavailable?: string;
    }
  | { ok: false; problems: CheckProblem[] };

/** What the app's caller adds: the check could not be run at all (not configured, function down, timeout). */
export type CheckOutcome = CheckResult | { ok: false; unavailable: string };

/** The owner-only route that serves a repository file (draft upload first, else the branch tip) for previews. */
export const MEDIA_ROUTE = '/admin/content/api/media/';

/** `/admin/content/api/media/content/case-studies/x/final%20home.png`: each segment encoded, the slashes kept. */
export function mediaUrl(repoPath: string): string {
  return MEDIA_ROUTE + repoPath.split('/').map(encodeURIComponent).join('/');
}

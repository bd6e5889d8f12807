import { renderToStaticMarkup } from 'react-dom/server';
import { CaseStudyBody } from '~/components/case-study/CaseStudyBody';
import { CaseStudyHeader } from '~/components/case-study/CaseStudyHeader';
import type { CaseStudy, Page } from '~/content/schema';
import { OwnPageView } from '~/components/page/OwnPageView';
import stylesheet from '~/tailwind.css';
import adminStyles from '~/styles/admin.css';
import type { ContentProblem } from '~/editing/save-result';
import type { Field } from '~/editing/documents/fields';
import { fieldLabel, problemInHerWords } from '~/editing/documents/problem-words';
import { islandsBootUrl } from '~/islands/boot-url.server';
import { lookHead, pageLook } from '~/look/look.server';

/**
 * The preview: the case study drawn by the site's own components and
 * stylesheet, from the unsaved edit. A whole HTML page rendered here on the
 * server, not a route of the app, with the public pages' islands
 * (app/islands/boot.ts): the story's blocks behave as they will on the site
 * (the slider moves, the videos get their posters), and the page loads only
 * the islands its blocks need: no menu, no tracker.
 */

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** Her look in a preview's <head>: its forced scheme on <html>, its colour-scheme, and the style (hashed by the route's CSP). */
export type PreviewLook = { htmlAttributes: string; colourScheme: string; style: string };

/** The look as it is live: she sees her case study in her colours. */
function liveLook(): PreviewLook {
  const look = pageLook();
  const { htmlAttributes, style } = lookHead(look);
  return { htmlAttributes, colourScheme: look.scheme === 'system' ? 'light dark' : look.scheme, style };
}

/** A whole preview document: the site's stylesheet and her look; the islands only where the page may run them. */
export function previewDocument(title: string, inner: string, look: PreviewLook = liveLook(), { islands = true } = {}): string {
  const boot = islands ? islandsBootUrl() : null;
  const script = boot ? `<script type="module" src="${boot}"></script>` : '';
  return `<!DOCTYPE html><html lang="en"${look.htmlAttributes}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="${look.colourScheme}"><meta name="robots" content="noindex"><title>${escape(title)}</title><link rel="stylesheet" href="${adminStyles}"><link rel="stylesheet" href="${stylesheet}">${look.style}</head><body class="min-h-dvh bg-bg text-fg">${inner}${script}</body></html>`;
}

const page = (title: string, inner: string) => previewDocument(title, inner);

function bar(text: string, editHref: string): string {
  return renderToStaticMarkup(
    <div
      data-preview-bar
      className="sticky top-0 z-40 border-b border-amber-600/30 bg-amber-50/95 text-amber-950 backdrop-blur dark:bg-amber-950/90 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-2.5 text-sm sm:px-6 lg:px-8">
        <p>
          <span className="font-semibold">Preview</span> · {text}
        </p>
        <a href={editHref} className="font-medium underline underline-offset-4">
          Back to the editor
        </a>
      </div>
    </div>,
  );
}

export function previewPage(caseStudy: CaseStudy, editHref: string): string {
  const main = renderToStaticMarkup(
    <main id="main" data-preview>
      <CaseStudyHeader caseStudy={caseStudy} />
      <CaseStudyBody html={caseStudy.html} sections={caseStudy.sections} />
    </main>,
  );
  return page(
    `Preview: ${caseStudy.title}`,
    bar('your unpublished edit, as the site will show it. Visitors do not see it yet.', editHref) + main,
  );
}

/** Her own page's preview, drawn by the page's own view. */
export function previewOwnPage(ownPage: Page, editHref: string): string {
  const main = renderToStaticMarkup(
    <main id="main" data-preview>
      <OwnPageView page={ownPage} />
    </main>,
  );
  return page(
    `Preview: ${ownPage.title}`,
    bar('your unpublished edit, as the site will show it. Visitors do not see it yet.', editHref) + main,
  );
}

/** The edit the build would refuse, or a case study with no page yet: said plainly, with the way back. */
export function previewProblemPage(title: string, problems: ContentProblem[] | string, editHref: string, form?: Field): string {
  const body = renderToStaticMarkup(
    <main id="main" className="mx-auto max-w-2xl px-5 py-12 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {typeof problems === 'string' ? (
        <p className="mt-3 text-fg-muted">{problems}</p>
      ) : (
        <ul data-problems className="mt-4 grid gap-2 text-sm">
          {problems.map((problem, index) => (
            <li key={index} className="rounded-xl border border-red-600/30 bg-red-500/8 px-3 py-2">
              {problem.line && !problem.field ? `Line ${problem.line}: ` : ''}
              {problemInHerWords(problem.message, problem.field && form ? fieldLabel(form, problem.field) : undefined)}
            </li>
          ))}
        </ul>
      )}
    </main>,
  );
  return page(title, bar('nothing to show yet.', editHref) + body);
}

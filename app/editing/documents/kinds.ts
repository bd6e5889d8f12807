/**
 * The four kinds of file the editor opens, told apart by their path under
 * content/. Shared by the browser and the server, and free of imports: the
 * forms (and zod with them) stay on the server (forms.server.ts), so the
 * editor's pages do not pull the schemas into the browser.
 */

export type DocumentKind = 'site' | 'resume' | 'case-study' | 'page';

const CASE_STUDY = /^content\/case-studies\/([a-z0-9]+(?:-[a-z0-9]+)*)\.mdx$/;
/** A page of her own: content/pages/<slug>.mdx, at /<slug>. */
const PAGE = /^content\/pages\/([a-z0-9]+(?:-[a-z0-9]+)*)\.mdx$/;

export function documentKind(contentPath: string): DocumentKind | null {
  if (contentPath === 'content/site.yml') return 'site';
  if (contentPath === 'content/resume.mdx') return 'resume';
  if (CASE_STUDY.test(contentPath)) return 'case-study';
  return PAGE.test(contentPath) ? 'page' : null;
}

/** The case study's or the page's slug, from its path. */
export function slugOf(contentPath: string): string | null {
  return (CASE_STUDY.exec(contentPath) ?? PAGE.exec(contentPath))?.[1] ?? null;
}

/** Where the editor of a file lives: /admin/content/case-studies/office-depot.mdx. */
export function editorHref(contentPath: string): string {
  return `/admin/content/${contentPath.replace(/^content\//, '')}`;
}

/** The file's name as the designer thinks of it, when it has no title. */
export const KIND_LABEL: Record<DocumentKind, string> = {
  site: 'Site details',
  resume: 'Resume',
  'case-study': 'Case study',
  page: 'Page',
};

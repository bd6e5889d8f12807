/**
 * The three kinds of file the editor opens, told apart by their path under
 * content/. Shared by the browser and the server, and free of imports: the
 * forms (and zod with them) stay on the server (forms.server.ts), so the
 * editor's pages do not pull the schemas into the browser.
 */

export type DocumentKind = 'site' | 'resume' | 'case-study';

const CASE_STUDY = /^content\/case-studies\/([a-z0-9]+(?:-[a-z0-9]+)*)\.mdx$/;

export function documentKind(contentPath: string): DocumentKind | null {
  if (contentPath === 'content/site.yml') return 'site';
  if (contentPath === 'content/resume.mdx') return 'resume';
  return CASE_STUDY.test(contentPath) ? 'case-study' : null;
}

/** The case study's slug, from its path. */
export function slugOf(contentPath: string): string | null {
  return CASE_STUDY.exec(contentPath)?.[1] ?? null;
}

/** Where the editor of a file lives: /admin/content/case-studies/office-depot.mdx. */
export function editorHref(contentPath: string): string {
  return `/admin/content/${contentPath.replace(/^content\//, '')}`;
}

/** The file's name as the designer thinks of it, when it has no title. */
export const KIND_LABEL: Record<DocumentKind, string> = { site: 'Site details', resume: 'Resume', 'case-study': 'Case study' };

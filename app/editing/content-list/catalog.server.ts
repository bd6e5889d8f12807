import type { z } from 'zod';
import { caseStudyFrontmatterSchema, pageFrontmatterSchema, resumeFrontmatterSchema, siteSchema } from '~/content/schema';
import { CONTENT_DIR } from '~/editing/documents/content-path.server';
import type { DocumentKind } from '~/editing/documents/kinds';
import { readDocument, yamlData } from '~/editing/documents/frontmatter.server';
import type { Outcome } from '~/editing/documents/outcome';
import { branchListing, readBlobs, type BranchFile, type CommitInfo } from '~/editing/git/read.server';
import { type PublishConfig } from '~/editing/git/publish-config.server';

/**
 * The list page's rows: one per file the designer edits (site.yml, the
 * resume, each case study), read from the branch's tip (what the next
 * publish builds on), with what a row shows and the blob id an edit starts
 * from. A file that does not parse or does not match the build's schema is
 * still listed, with its problem, so it can be opened and fixed.
 */

export type ContentItem = {
  /** Under content/, as in the editor's URLs and `data-content-item`: "site.yml", "resume.mdx", "case-studies/<slug>.mdx". */
  path: string;
  /** The same file as the publish layer names it: "content/…". */
  contentPath: string;
  kind: DocumentKind;
  /** A case study's or a page's title; "Site details" and "Resume" for the others. */
  title: string;
  slug?: string;
  status?: 'published' | 'coming-soon';
  visibility?: 'public' | 'private';
  order?: number;
  /** A page's place in the header menu (absent: not in the menu). */
  menu?: number;
  /** The card image (a site path under public/). */
  image?: string;
  blobId: string;
  lastChange?: CommitInfo;
  /** Why the build would refuse the file, in a sentence; absent when it is fine. */
  problem?: string;
  /** A page's earlier addresses (its `formerly`), each moved to this one. */
  formerly?: string[];
  /** A case study's folder of media (content/case-studies/<slug>/…), what deleting it removes. */
  assets?: BranchFile[];
};

export const SITE_FILE = `${CONTENT_DIR}/site.yml`;
export const RESUME_FILE = `${CONTENT_DIR}/resume.mdx`;
export const CASE_STUDY_DIR = `${CONTENT_DIR}/case-studies/`;
const CASE_STUDY = /^content\/case-studies\/([^/]+)\.mdx$/;
export const PAGE_DIR = `${CONTENT_DIR}/pages/`;
const PAGE = /^content\/pages\/([^/]+)\.mdx$/;

/** Every editable file at the branch's tip: site details, resume, then case studies by order and title. */
export async function listContent(config: PublishConfig): Promise<Outcome<ContentItem[]>> {
  const isDocument = (path: string) => path === SITE_FILE || path === RESUME_FILE || CASE_STUDY.test(path) || PAGE.test(path);
  const listing = await branchListing(`${CONTENT_DIR}/`, isDocument, config);
  if (!listing.ok) return listing;
  const { files, texts, changes } = listing.value;
  const items = files
    .filter((file) => isDocument(file.path))
    .map((file) => {
      const lastChange = changes.get(file.path);
      // branchListing reads the text of every file that matches isDocument, the same filter as here.
      return { ...describeContentFile(file, texts.get(file.path)!, files), ...(lastChange ? { lastChange } : {}) };
    });
  return { ok: true, value: sortContent(items) };
}

/** One file's row from its text (also for a draft's row, or a file just created). */
export function describeContentFile(file: BranchFile, text: string, allFiles: BranchFile[] = []): ContentItem {
  const path = file.path.slice(CONTENT_DIR.length + 1);
  const base = { path, contentPath: file.path, blobId: file.blobId };
  if (file.path === SITE_FILE) {
    return { ...base, kind: 'site', title: 'Site details', ...problemOf(siteSchema, () => yamlData(text)) };
  }
  if (file.path === RESUME_FILE) {
    return { ...base, kind: 'resume', title: 'Resume', ...problemOf(resumeFrontmatterSchema, () => frontmatterOf(text)) };
  }
  if (PAGE.test(file.path)) return describePage(file, text, allFiles);
  const slug = CASE_STUDY.exec(file.path)?.[1] ?? path;
  let data: Record<string, unknown> = {};
  const checked = problemOf(caseStudyFrontmatterSchema, () => {
    const raw = frontmatterOf(text);
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) data = raw as Record<string, unknown>;
    return raw;
  });
  const nonEmptyText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const status = data.status === 'published' || data.status === 'coming-soon' ? data.status : undefined;
  const visibility =
    status === 'published'
      ? data.visibility === 'private'
        ? 'private'
        : data.visibility === undefined || data.visibility === 'public'
          ? 'public'
          : undefined
      : undefined;
  const folder = `${CASE_STUDY_DIR}${slug}/`;
  return {
    ...base,
    kind: 'case-study',
    slug,
    title: nonEmptyText(data.title) ?? slug,
    ...(status ? { status } : {}),
    ...(visibility ? { visibility } : {}),
    ...(typeof data.order === 'number' && Number.isInteger(data.order) ? { order: data.order } : {}),
    ...(nonEmptyText(data.image) ? { image: nonEmptyText(data.image) } : {}),
    ...checked,
    assets: allFiles.filter((other) => other.path.startsWith(folder)),
  };
}

/** A page's earlier addresses as its frontmatter lists them (none when it lists none, or cannot be read). */
export function formerlyOf(text: string): string[] {
  let data: unknown;
  try {
    data = yamlData(readDocument(text, 'mdx').yaml);
  } catch {
    return [];
  }
  const formerly = (data as { formerly?: unknown } | null)?.formerly;
  return Array.isArray(formerly) ? formerly.filter((slug): slug is string => typeof slug === 'string') : [];
}

/** A page of her own's row: its title, its place in the menu, its folder of media. */
function describePage(file: BranchFile, text: string, allFiles: BranchFile[]): ContentItem {
  const slug = PAGE.exec(file.path)![1]!;
  let data: Record<string, unknown> = {};
  const checked = problemOf(pageFrontmatterSchema, () => {
    const raw = frontmatterOf(text);
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) data = raw as Record<string, unknown>;
    return raw;
  });
  const title = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : slug;
  const folder = `${PAGE_DIR}${slug}/`;
  return {
    path: file.path.slice(CONTENT_DIR.length + 1),
    contentPath: file.path,
    blobId: file.blobId,
    kind: 'page',
    slug,
    title,
    ...(typeof data.menu === 'number' && Number.isInteger(data.menu) ? { menu: data.menu } : {}),
    ...(Array.isArray(data.formerly) ? { formerly: data.formerly.filter((slug): slug is string => typeof slug === 'string') } : {}),
    ...checked,
    assets: allFiles.filter((other) => other.path.startsWith(folder)),
  };
}

function frontmatterOf(text: string): unknown {
  const document = readDocument(text, 'mdx');
  if (!document.open) throw new Error('the frontmatter (between "---" lines at the top) is missing');
  return yamlData(document.yaml) ?? {};
}

/** `{ problem }` when the data does not read or does not match the schema, else nothing. */
function problemOf(schema: z.ZodType, data: () => unknown): { problem?: string } {
  let value: unknown;
  try {
    value = data();
  } catch (error) {
    return { problem: 'Its details are written in a way the site can’t read. Open its history and restore the last version that worked.' };
  }
  const result = schema.safeParse(value);
  if (result.success) return {};
  const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
  const more = result.error.issues.length > 3 ? ` (and ${result.error.issues.length - 3} more)` : '';
  return { problem: `The build would refuse it: ${issues.join('; ')}${more}.` };
}

const KIND_ORDER: Record<DocumentKind, number> = { site: 0, resume: 1, 'case-study': 2, page: 3 };

/** Site details, resume, then case studies by order (a missing order last) and title, as the home page orders its cards. */
export function sortContent(items: ContentItem[]): ContentItem[] {
  return [...items].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.order ?? a.menu ?? Number.POSITIVE_INFINITY) - (b.order ?? b.menu ?? Number.POSITIVE_INFINITY) ||
      a.title.localeCompare(b.title) ||
      a.path.localeCompare(b.path),
  );
}

/** The texts of the listed files by their publish-layer path, as the list read them (for moveRequest). */
export async function contentTexts(items: ContentItem[], config: PublishConfig): Promise<Outcome<Map<string, string>>> {
  const blobs = await readBlobs(
    items.map((item) => item.blobId),
    config,
  );
  if (!blobs.ok) return blobs;
  // readBlobs answers for every id it was given, or fails as a whole.
  return { ok: true, value: new Map(items.map((item) => [item.contentPath, blobs.value.get(item.blobId)!.toString('utf8')])) };
}

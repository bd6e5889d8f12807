import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkContentPath, ContentPathError } from '../../app/editing/documents/content-path.server';
import { mediaUrl, type CheckChange, type CheckPagePreview, type CheckPreview, type CheckProblem, type CheckResult } from '../../app/editing/content-check/types';
import type { ImagePlan } from '../images';
import type { CompiledSite } from './compile';
import { LAID_OUT, withCompiledTree } from './compiled-tree';
import { ContentError, type ContentProblem } from './errors';
import { yamlLines } from './locate';

/**
 * The editor's content check: the files of the branch tip with the
 * designer's unsaved edits applied, run through compileSite(), the very
 * function `npm run build` runs, so an edit that passes here is one the
 * deploy's build accepts (docs/decisions/publish-runs-the-build-check.md).
 * Nothing is reimplemented here; this only lays the files out as a checkout,
 * turns ContentError into problems the form can place (file, field, line),
 * and makes a preview's media loadable.
 *
 * compileSite() writes nothing: image variants are only planned (an
 * ImagePlan), and the build writes them afterwards (build-content.ts). So
 * a check costs one compile (about 0.1 s warm on this content) and leaves no
 * file behind but its temporary folder, which it removes.
 */

export type CheckInput = {
  /** The snapshot: repository path (`content/site.yml`, `public/images/x.svg`) → bytes. */
  files: Map<string, Buffer>;
  /** The edits, applied over the snapshot; only paths under content/ may change. */
  changes: CheckChange[];
  /** Repository path of a case study to return compiled, e.g. `content/case-studies/office-depot.mdx`. */
  preview?: string;
};

/** Only the folders the build reads are laid out; anything else in a snapshot is ignored. */
const CASE_STUDY = /^content\/case-studies\/([a-z0-9]+(?:-[a-z0-9]+)*)\.mdx$/;
const PAGE = /^content\/pages\/([a-z0-9]+(?:-[a-z0-9]+)*)\.mdx$/;
const UNKNOWN_LINK = /link to unknown case study "(\/case-study\/[^"]+)"/;

export async function checkContent({ files, changes, preview }: CheckInput): Promise<CheckResult> {
  const tree = new Map(files);
  const refused: CheckProblem[] = [];
  for (const change of changes) {
    try {
      checkContentPath(change.path);
    } catch (error) {
      if (!(error instanceof ContentPathError)) throw error;
      refused.push({ file: String(change.path), message: error.message });
      continue;
    }
    if (change.bytes === null) tree.delete(change.path);
    else tree.set(change.path, change.bytes);
  }
  if (refused.length > 0) return { ok: false, problems: refused };

  try {
    return await withCompiledTree(tree, layOut, async ({ root, compiled }) => (preview === undefined ? { ok: true } : { ok: true, ...previewOf(preview, compiled, root) }));
  } catch (error) {
    if (error instanceof ContentError) return { ok: false, problems: error.problems.map((problem) => toProblem(error.file, problem, tree)) };
    throw error;
  }
}

/** Writes the tree as a checkout under `root`. A path that would leave `root` (never one from git) is skipped. */
export async function layOut(root: string, tree: Map<string, Buffer>) {
  const folders = new Set<string>();
  const writes: [string, Buffer][] = [];
  for (const [repoPath, bytes] of tree) {
    if (!LAID_OUT.some((prefix) => repoPath.startsWith(prefix))) continue;
    const segments = repoPath.split('/');
    if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0'))) continue;
    const file = path.join(root, ...segments);
    folders.add(path.dirname(file));
    writes.push([file, bytes]);
  }
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  await Promise.all(writes.map(([file, bytes]) => writeFile(file, bytes)));
}

/**
 * The field a message names, in the words the build uses (locate.ts,
 * compile.ts: `field "page.outcomes.0.value": …`, `unknown field(s) "x" in
 * "page"`); docs/content.md and the tests pin those words, so they are stable.
 */
export function fieldOf(message: string): string | undefined {
  const named = /^field "([^"]+)"/.exec(message);
  if (named) return named[1] === '(top level)' ? undefined : named[1];
  const unknown = /^unknown field\(s\) "([^"]+)"(?:, "[^"]*")*(?: in "([^"]+)")?$/.exec(message);
  if (unknown) return unknown[2] ? `${unknown[2]}.${unknown[1]}` : unknown[1];
  return undefined;
}

function toProblem(file: string, { message, line, column }: ContentProblem, tree: Map<string, Buffer>): CheckProblem {
  const problem: CheckProblem = { file, message };
  // A link to a case study that is gone: the build names the file; the line of the link helps the designer find it.
  const linked = line === undefined ? UNKNOWN_LINK.exec(message)?.[1] : undefined;
  if (linked !== undefined) line = lineOf(tree.get(file), linked);
  const field = fieldOf(message);
  // Some of the build's checks name the field but not its line (an image that is not there): find it in the YAML.
  if (line === undefined && field !== undefined) line = lineOfField(tree.get(file), file, field);
  if (line !== undefined) problem.line = line;
  if (column !== undefined) problem.column = column;
  if (field !== undefined) problem.field = field;
  return problem;
}

/** The line of `field` (e.g. `photos.profile.src`) in site.yml or in an .mdx file's frontmatter, with the build's own locator. */
function lineOfField(bytes: Buffer | undefined, file: string, field: string): number | undefined {
  const text = bytes?.toString('utf8');
  if (text === undefined) return undefined;
  const keys = field.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  if (file.endsWith('.yml') || file.endsWith('.yaml')) return yamlLines(text)(keys);
  // The frontmatter starts on the file's line 2, after the opening ---.
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  return frontmatter === undefined ? undefined : yamlLines(frontmatter, 2)(keys);
}

function lineOf(bytes: Buffer | undefined, text: string): number | undefined {
  const source = bytes?.toString('utf8');
  if (source === undefined) return undefined;
  const at = source.indexOf(text);
  return at === -1 ? undefined : source.slice(0, at).split('\n').length;
}

function previewOf(
  repoPath: string,
  { content, images, privateMedia }: CompiledSite,
  root: string,
): Pick<Extract<CheckResult, { ok: true }>, 'preview' | 'pagePreview' | 'previewUnavailable'> {
  const pageSlug = PAGE.exec(repoPath)?.[1];
  if (pageSlug) {
    const page = content.pages?.[pageSlug];
    return page ? { pagePreview: pointAtOriginals({ page, site: content.site }, [images], root) } : { previewUnavailable: `${repoPath} does not exist.` };
  }
  const slug = CASE_STUDY.exec(repoPath)?.[1];
  if (!slug) return { previewUnavailable: `Only a case study (content/case-studies/<name>.mdx) or a page (content/pages/<name>.mdx) has a page to preview; ${repoPath.slice(0, 200)} is not one.` };
  const caseStudy = content.caseStudies[slug];
  if (!caseStudy) {
    const card = content.cards.find((c) => c.slug === slug);
    return {
      previewUnavailable: card
        ? `"${card.title}" is coming soon: only a published case study has a page. Set its status to published to preview it.`
        : `${repoPath} does not exist.`,
    };
  }
  return { preview: pointAtOriginals({ caseStudy, site: content.site }, [images, privateMedia], root) };
}

/**
 * The build's /generated/ URLs name files that exist only once a build has
 * written them, never for a new image: each planned URL becomes the media
 * route for its source file (a srcset's widths all name the one original,
 * which is fine for a preview). The card image and the site's photos are
 * planned too (their originals are served from the generated images), so
 * they are pointed at their files, wherever they are stored.
 */
function pointAtOriginals<Preview extends CheckPreview | CheckPagePreview>(preview: Preview, plans: ImagePlan[], root: string): Preview {
  const repoPathOf = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const urls = new Map<string, string>();
  for (const plan of plans) {
    for (const [out, output] of plan.outputs) urls.set(`${plan.target.url}/${path.basename(out)}`, mediaUrl(repoPathOf(output.source)));
  }
  if (urls.size === 0) return preview;
  // Longest first, so no URL is replaced by a shorter one it starts with.
  const escaped = [...urls.keys()].sort((a, b) => b.length - a.length).map((url) => url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const json = JSON.stringify(preview).replace(new RegExp(escaped.join('|'), 'g'), (url) => urls.get(url) ?? url);
  return JSON.parse(json) as Preview;
}

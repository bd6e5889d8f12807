import { CASE_STUDY_DIR, formerlyOf, PAGE_DIR, type ContentItem } from './catalog.server';
import { documentKind, slugOf } from '~/editing/documents/kinds';
import type { Outcome } from '~/editing/documents/outcome';
import { deletedFiles, filesBeforeDelete } from '~/editing/git/deleted.server';
import type { PublishConfig } from '~/editing/git/publish-config.server';
import type { PublishRequest } from '~/editing/git/publish-plan.server';
import { filesAtCommits, titleOf } from '~/editing/git/read.server';

/**
 * Recently deleted: the case studies and pages a recent commit removed and that are
 * not back, read from the history (a delete is one commit that removes the
 * file and its folder of images), and the publish that brings one back as
 * it was: the same bytes, text and images, in one new commit.
 */

export type DeletedCaseStudy = { path: string; title: string; commit: string; date: string };

/** How many are shown; older ones stay in the history. */
const SHOWN = 10;

/** The case studies and pages deleted within the last commits and not in `items` (the branch's tip), newest first. */
export async function recentlyDeleted(items: ContentItem[], config: PublishConfig): Promise<Outcome<DeletedCaseStudy[]>> {
  const found = await deletedFiles(
    [CASE_STUDY_DIR, PAGE_DIR].map((dir) => dir.replace(/\/$/, '')),
    config,
  );
  if (!found.ok) return found;
  const deleted = [...found.value].sort((a, b) => b.date.localeCompare(a.date));
  const present = new Set(items.map((item) => item.contentPath));
  const newest = new Map<string, (typeof deleted)[number]>();
  for (const file of deleted) {
    const kind = documentKind(file.path);
    if ((kind !== 'case-study' && kind !== 'page') || present.has(file.path) || newest.has(file.path)) continue;
    newest.set(file.path, file);
  }
  const candidates = [...newest.values()];
  const read = await filesAtCommits(
    candidates.map((file) => ({ path: file.path, commit: file.parent })),
    config,
  );
  const texts = read.ok ? read.value : candidates.map(() => null);
  // A page moved to a new address left its old file behind in the history: it was moved, not deleted, so it is not
  // listed (a restore would clash with the page that keeps that address in `formerly`), even once the moved page is deleted.
  const movedAway = new Set([
    ...items.flatMap((item) => item.formerly ?? []),
    ...texts.flatMap((text, index) => (documentKind(candidates[index]!.path) === 'page' && text ? formerlyOf(text) : [])),
  ]);
  const shown = candidates
    .map((file, index) => ({ file, text: texts[index] ?? null }))
    .filter(({ file }) => !(documentKind(file.path) === 'page' && movedAway.has(slugOf(file.path)!)))
    .slice(0, SHOWN);
  return {
    ok: true,
    value: shown.map(({ file, text }) => ({ path: file.path, title: titleOf(file.path, text), commit: file.commit, date: file.date })),
  };
}

/** The publish that writes back the case study `commit` deleted, with every file of its folder, as they were just before. */
export async function restoreDeletedRequest(
  path: string,
  commit: string,
  items: ContentItem[],
  config: PublishConfig,
): Promise<Outcome<PublishRequest>> {
  const slug = slugOf(path);
  if (!slug) return { ok: false, error: 'Only case studies and pages can be brought back here.' };
  const folder = `${documentKind(path) === 'page' ? PAGE_DIR : CASE_STUDY_DIR}${slug}/`;
  if (items.some((item) => item.contentPath === path)) return { ok: false, error: 'That case study is already back in the list.' };
  const before = await filesBeforeDelete(path, folder, commit, config);
  if (!before.ok) return before;
  if (!before.value) return { ok: false, error: 'That deleted case study is not in the history any more. Reload the list.' };
  const text = before.value.find((file) => file.path === path)?.bytes.toString('utf8') ?? null;
  return {
    ok: true,
    value: {
      files: before.value.map((file) => ({ path: file.path, content: file.bytes, baseBlobId: null })),
      message: `Restore ${titleOf(path, text)}`,
    },
  };
}

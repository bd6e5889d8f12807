import { readBranchFile } from '~/editing/git/branch-file.server';
import { openDocument } from '~/editing/documents/compose.server';
import { contentTexts, listContent } from '~/editing/content-list/catalog.server';
import type { DocumentKind } from '~/editing/documents/kinds';
import { IMAGE_FIELDS, imageRepoPath } from '~/editing/documents/image-fields';
import type { PublishConfig } from '~/editing/git/publish-config.server';
import { blobIdOf, type PublishDeletion } from '~/editing/git/publish-plan.server';

/**
 * When a photo or card image is replaced, the old file goes in the same
 * commit if it lived beside the content and nothing uses it any more: not
 * the edited file (a story may show it), not any other content file. A file
 * under public/ is never removed here (a designer may have put it there for
 * other uses), and a file that cannot be read stays.
 */
export async function replacedImages(
  { path, kind, before, after }: { path: string; kind: DocumentKind; before: string | null; after: string },
  config: PublishConfig,
): Promise<PublishDeletion[]> {
  if (before === null) return [];
  const old = openDocument(kind, before).data as Record<string, unknown>;
  const now = openDocument(kind, after).data as Record<string, unknown>;
  const candidates = new Set<string>();
  for (const spec of IMAGE_FIELDS.filter((field) => field.kind === kind)) {
    const was = valueAt(old, spec.srcName);
    if (typeof was !== 'string' || was === valueAt(now, spec.srcName)) continue;
    const repoPath = imageRepoPath(spec, was, path);
    if (!repoPath?.startsWith('content/')) continue;
    if (after.includes(repoPath.slice(repoPath.lastIndexOf('/') + 1))) continue;
    candidates.add(repoPath);
  }
  if (candidates.size === 0) return [];
  // Any other content file that names the file (by its name: a path may be written relative to either file) keeps it.
  const listed = await listContent(config);
  if (!listed.ok) return [];
  const others = listed.value.filter((item) => item.contentPath !== path);
  const texts = await contentTexts(others, config);
  if (!texts.ok) return [];
  const deletions: PublishDeletion[] = [];
  for (const repoPath of candidates) {
    const name = repoPath.slice(repoPath.lastIndexOf('/') + 1);
    if ([...texts.value.values()].some((text) => text.includes(name))) continue;
    const bytes = await readBranchFile(repoPath, config).catch(() => null);
    if (bytes) deletions.push({ path: repoPath, baseBlobId: blobIdOf(bytes) });
  }
  return deletions;
}

function valueAt(data: Record<string, unknown>, name: string): unknown {
  return name
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);
}

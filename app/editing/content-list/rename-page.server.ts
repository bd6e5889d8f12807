import { slugify } from '~/content/slug';
import { freePageName, RESERVED_PAGE_NAMES } from '~/content/page-names';
import type { Outcome } from '~/editing/documents/outcome';
import { applyChanges, readDocument, writeDocument, yamlData } from '~/editing/documents/frontmatter.server';
import type { PublishConfig } from '~/editing/git/publish-config.server';
import type { PublishRequest } from '~/editing/git/publish-plan.server';
import { readBlobs } from '~/editing/git/read.server';
import { contentTexts, formerlyOf, PAGE_DIR, type ContentItem } from './catalog.server';
import { cut, MAX_SLUG } from './manage.server';

/**
 * A page moved to a new address, as one publish: the file under its new
 * name, its old address kept in `formerly` (so links already shared answer
 * 301 to the new one), and its folder of media moved with it, the page's
 * `./old/…` references rewritten to `./new/…`. An address the site uses,
 * another page's (now or before), or the one it has already is refused in
 * her words, with a free one offered. `texts` holds every page's text and
 * `media` the bytes of this page's files, both read from the branch.
 */
export function renamePageRequest(
  list: ContentItem[],
  texts: ReadonlyMap<string, string>,
  media: ReadonlyMap<string, Buffer>,
  path: string,
  wanted: string,
): Outcome<{ slug: string; path: string; request: PublishRequest }> {
  const page = list.find((item) => item.kind === 'page' && (item.path === path || item.contentPath === path));
  const text = page && texts.get(page.contentPath);
  if (!page?.slug || text === undefined) return { ok: false, error: 'That page is not in the list any more: reload the list.' };
  const slug = cut(slugify(typeof wanted === 'string' ? wanted : ''), MAX_SLUG);
  if (!slug) return { ok: false, error: 'Type the new address with letters or digits, such as “essays”.' };
  if (slug === page.slug) return { ok: false, error: `“/${slug}” is already this page’s address.` };
  const others = list.filter((item) => item.kind === 'page' && item !== page);
  const taken = others.flatMap((item) => [item.slug!, ...formerlyOf(texts.get(item.contentPath) ?? '')]);
  if (RESERVED_PAGE_NAMES.has(slug))
    return { ok: false, error: `“${slug}” is a page the site already has. Try “${freePageName(slug, taken)}”.` };
  if (taken.includes(slug))
    return { ok: false, error: `“/${slug}” is another page’s address, or was. Try “${freePageName(slug, [...taken, page.slug])}”.` };

  // Its earlier addresses, this one added; the new one was perhaps one of them (renamed back), and is not any more.
  const formerly = [...new Set([...formerlyOf(text), page.slug])].filter((former) => former !== slug);
  const document = readDocument(text, 'mdx');
  const data = yamlData(document.yaml) as Record<string, unknown>;
  const moved = writeDocument(document, applyChanges(document.yaml, { ...data, formerly })).replaceAll(`./${page.slug}/`, `./${slug}/`);
  const newPath = `${PAGE_DIR}${slug}.mdx`;
  const oldFolder = `${PAGE_DIR}${page.slug}/`;
  const files: PublishRequest['files'] = [{ path: newPath, content: moved, baseBlobId: null }];
  for (const asset of page.assets ?? []) {
    const bytes = media.get(asset.path);
    if (!bytes) return { ok: false, error: `${page.title}’s files could not be read just now: reload the list and try again.` };
    files.push({ path: `${PAGE_DIR}${slug}/${asset.path.slice(oldFolder.length)}`, content: bytes, baseBlobId: null });
  }
  const deleted = [
    { path: page.contentPath, baseBlobId: page.blobId },
    ...(page.assets ?? []).map((asset) => ({ path: asset.path, baseBlobId: asset.blobId })),
  ];
  return { ok: true, value: { slug, path: newPath, request: { files, deleted, message: `Move ${page.title} to /${slug}` } } };
}

/** renamePageRequest with what it needs read from the branch: every page's text, this page's media. */
export async function planPageRename(list: ContentItem[], path: string, wanted: string, config: PublishConfig) {
  const pages = list.filter((item) => item.kind === 'page');
  const texts = await contentTexts(pages, config);
  if (!texts.ok) return texts;
  const page = pages.find((item) => item.path === path || item.contentPath === path);
  const assets = page?.assets ?? [];
  const blobs = assets.length
    ? await readBlobs(
        assets.map((asset) => asset.blobId),
        config,
      )
    : { ok: true as const, value: new Map<string, Buffer>() };
  if (!blobs.ok) return blobs;
  const media = new Map(assets.map((asset) => [asset.path, blobs.value.get(asset.blobId)!]));
  return renamePageRequest(list, texts.value, media, path, wanted);
}

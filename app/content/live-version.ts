import { createHash } from 'node:crypto';
import type { CompiledContent } from './schema';

/**
 * A version of everything the site derives from its content: the compiled
 * content, and the files made from it (the resume PDF, the favicons, the
 * sharing cards, image variants, a private case study's media). The build
 * makes one (its "build version", beside .generated/content.json); every
 * publish makes one from its commit and keeps it in the live store
 * (live-store.server.ts). Which one a request gets is decided once per
 * request (current-content.server.ts), so a page, its data and its PDF
 * always come from the same version.
 */

export type VersionFile = {
  /** sha256 of the bytes, hex: the file's key in the live store. */
  hash: string;
  type: string;
  /** A private case study's media: served only behind its access check, never with a cache tag. */
  private?: true;
  /**
   * An image variant not made yet: `hash` and `type` are its source image's,
   * served in its place (never cached for long) until the variant is made
   * after the publish's answer (pipeline/publish-variants.ts), so a page
   * never shows a broken image.
   */
  pending?: { width: number; format: 'avif' | 'webp' };
  /** A sharing card's recipe (pipeline/social-images.ts): a later publish with the same one keeps this file instead of drawing it again. */
  recipe?: string;
};

/** What every reader of a version needs to know about it, without its content. */
export type VersionPointer = {
  /** Unique per version: the commit plus when it was rendered. */
  id: string;
  /** The commit the version was rendered from; null for a build made outside git. */
  commit: string | null;
  /** ISO time of that commit, to order versions whose ancestry is not known. */
  committedAt: string | null;
  /** Commits this version is known to contain (its commit's parents, the builds and versions before it). */
  ancestors: string[];
  renderedAt: string;
};

export type ContentVersion = VersionPointer & {
  content: CompiledContent;
  /** Site path (`/resume.pdf`, `/generated/images/x-640.abc.webp`) → file. */
  files: Record<string, VersionFile>;
  /**
   * The name of every file under IMAGES_PATH its pages link to, the ones the
   * deploy already has included: any other there is a replaced or deleted
   * image, which answers 404 while this version is live. Absent in versions
   * stored before it was kept: then none is refused.
   */
  images?: string[];
};

/** Where the content's images and their variants are answered (pipeline/images.ts). */
export const IMAGES_PATH = '/generated/images/';

/**
 * Whether `sitePath` is an image file the version no longer names: a photo
 * replaced or deleted since the deploy was built, whose file the deploy
 * still holds.
 */
export function isRetiredImage(sitePath: string, version: { files: Record<string, VersionFile>; images?: ReadonlySet<string> }): boolean {
  if (!version.images || !sitePath.startsWith(IMAGES_PATH)) return false;
  if (Object.hasOwn(version.files, sitePath)) return false;
  return !version.images.has(sitePath.slice(IMAGES_PATH.length));
}

/** Build versions have no live store: their files are on disk. */
export const MAX_ANCESTORS = 500;

/**
 * Cache tags. A public answer carries one tag per piece of content it read
 * (content.server.ts records them) and one per file it is; a publish purges
 * the tags whose piece changed, and only those.
 */
export const SITE_TAG = 'content-site';
export const CARDS_TAG = 'content-cards';
export const RESUME_TAG = 'content-resume';
export const caseStudyTag = (slug: string) => `content-case-study-${slug}`;
/** Her pages as the menu and the sitemap list them (titles, places, addresses): every page with the header reads it. */
export const PAGES_TAG = 'content-pages';
export const pageTag = (slug: string) => `content-page-${slug}`;
export const fileTag = (sitePath: string) => `file-${sitePath}`;

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value ?? null)).digest('hex');

/** Every tag a version can answer with, and a hash of what it stands for. */
export function tagHashes(content: CompiledContent, files: Record<string, VersionFile>): Map<string, string> {
  const tags = new Map<string, string>([
    [SITE_TAG, digest(content.site)],
    [CARDS_TAG, digest(content.cards)],
    [RESUME_TAG, digest(content.resume)],
  ]);
  for (const [slug, caseStudy] of Object.entries(content.caseStudies)) tags.set(caseStudyTag(slug), digest(caseStudy));
  const pages = Object.values(content.pages ?? {});
  tags.set(PAGES_TAG, digest(pages.map(({ slug, title, menu, formerly }) => ({ slug, title, menu, formerly }))));
  // A page's former addresses answer a redirect to it: they change with it.
  for (const page of pages) for (const slug of [page.slug, ...page.formerly]) tags.set(pageTag(slug), digest(page));
  for (const [sitePath, file] of Object.entries(files)) if (!file.private) tags.set(fileTag(sitePath), file.hash);
  return tags;
}

/**
 * The tags whose answers differ between two versions: a piece changed, came
 * or went. A case study that did not exist was a 404 tagged with its slug,
 * so a new one purges that too.
 */
export function changedTags(before: Map<string, string>, after: Map<string, string>): string[] {
  const tags = new Set([...before.keys(), ...after.keys()]);
  return [...tags].filter((tag) => before.get(tag) !== after.get(tag)).sort();
}

/**
 * Whether `live` should be served instead of `build`. The live version wins
 * over an older build only: one whose commit it is known to contain, or,
 * when ancestry is not known, one committed earlier. A build of the same
 * commit or of a newer one (a code push, a rebuild) has all of it.
 */
export function liveIsNewer(live: VersionPointer, build: VersionPointer): boolean {
  if (!build.commit) return true;
  if (live.commit === build.commit) return false;
  if (live.ancestors.includes(build.commit)) return true;
  if (build.ancestors.includes(live.commit ?? '')) return false;
  if (!live.committedAt || !build.committedAt) return false;
  return Date.parse(live.committedAt) > Date.parse(build.committedAt);
}

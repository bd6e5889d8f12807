import { stringify } from 'yaml';
import { slugify } from '~/content/slug';
import type { Outcome } from '~/editing/documents/outcome';
import { CASE_STUDY_DIR, PAGE_DIR, RESUME_FILE, SITE_FILE, sortContent, type ContentItem } from './catalog.server';
import { freePageName, RESERVED_PAGE_NAMES } from '~/content/page-names';
import { applyChanges, readDocument, writeDocument, yamlData } from '~/editing/documents/frontmatter.server';
import { placeholderCardImage } from './placeholder-card.server';
import { overLimitNote } from './title-limit';
import type { PublishRequest } from '~/editing/git/publish-plan.server';

/**
 * The list page's actions on case studies, as plans: pure functions from the
 * list (catalog.server.ts) and the files' texts to a PublishRequest,
 * so the route only publishes what they return, and a test can read exactly
 * which lines would change. Every file carries the blob id the list read, so
 * a change made meanwhile is a conflict, never overwritten.
 */

/** The build's rule for a case study's file name (pipeline/content/compile.ts): letters, digits and single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG = 60;

/** A slug from a title: lowercase a-z0-9 and single hyphens, accents folded (é → e), at most MAX_SLUG characters, not in `existing` (-2, -3…). */
export function slugFor(title: string, existing: Iterable<string>): string {
  const taken = new Set(existing);
  const base = cut(slugify(title), MAX_SLUG) || 'case-study';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${cut(base, MAX_SLUG - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** At most `max` characters, cut at a hyphen when there is one, never ending in one. */
export function cut(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const short = slug.slice(0, max);
  const hyphen = short.lastIndexOf('-');
  return (hyphen > max / 2 ? short.slice(0, hyphen) : short).replace(/-+$/, '');
}

const caseStudies = (list: ContentItem[]) => sortContent(list.filter((item) => item.kind === 'case-study'));

/**
 * A new case study, `coming-soon`, with every field the build requires
 * (app/content/schema.ts) filled with words that read well on the home page's
 * card until the designer writes their own, the placeholder card image (a file in its own folder), the
 * next order, and the outline of a story for when it is published. A title
 * another case study already has is refused; a title whose address is taken
 * by one with another title gets the next free address (-2, -3…).
 */
export function newCaseStudy(
  title: string,
  list: ContentItem[],
): Outcome<{ path: string; slug: string; text: string; card: ReturnType<typeof placeholderCardImage>; request: PublishRequest }> {
  const clean = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() : '';
  if (!clean) return { ok: false, error: 'A new case study needs a title.' };
  const long = overLimitNote(clean);
  if (long) return { ok: false, error: long.note };
  const studies = caseStudies(list);
  // The same title (give or take case, accents and punctuation) would make a twin on the home page: refused, with the one that has it.
  const same = slugFor(clean, []);
  const twin = studies.find((item) => item.title && slugFor(item.title, []) === same);
  if (twin)
    return {
      ok: false,
      error: `You already have a case study called “${twin.title}”. Give the new one another title, or open that one from the list.`,
    };
  const slug = slugFor(
    clean,
    // Every case study has a slug: it is read from its path.
    studies.map((item) => item.slug!),
  );
  const orders = studies.map((item) => item.order).filter((order): order is number => typeof order === 'number');
  const card = placeholderCardImage(slug);
  const frontmatter = {
    title: clean,
    description: `${clean}: the story of this project is being written.`,
    image: card.src,
    alt: `Placeholder image for the ${clean} case study`,
    tags: ['Product Design'],
    role: 'Product Designer',
    timeline: 'In progress',
    impact: 'Coming soon',
    order: orders.length ? Math.max(...orders) + 1 : 1,
    status: 'coming-soon',
  };
  const story = [
    '## The problem',
    'What was wrong, for whom, and why it mattered.',
    '## The approach',
    'What you did, and why.',
    '## The outcome',
    'What changed, with figures.',
  ];
  const text = `---\n${stringify(frontmatter, { lineWidth: 0 })}---\n\n${story.join('\n\n')}\n`;
  const path = `${CASE_STUDY_DIR}${slug}.mdx`;
  const files = [
    { path, content: text, baseBlobId: null },
    { path: card.path, content: card.bytes, baseBlobId: null },
  ];
  return { ok: true, value: { path, slug, text, card, request: { files, message: `Add ${clean}` } } };
}

/**
 * A new page of her own, from a title: its address is the title's slug. A
 * name the site uses (page-names.ts) or another page's is refused in her
 * words with a free one offered. The page starts out of the menu, with a
 * line to replace and a heading to write under.
 */
export function newPage(
  title: string,
  list: ContentItem[],
): Outcome<{ path: string; slug: string; text: string; request: PublishRequest }> {
  const clean = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() : '';
  if (!clean) return { ok: false, error: 'A new page needs a title, such as About, Writing, Speaking or Playground.' };
  const slug = cut(slugify(clean), MAX_SLUG);
  if (!slug) return { ok: false, error: `“${clean}” gives no address: use a title with letters or digits, such as “Writing”.` };
  const taken = list.filter((item) => item.kind === 'page').map((item) => item.slug!);
  if (RESERVED_PAGE_NAMES.has(slug))
    return { ok: false, error: `“${slug}” is a page the site already has. Try “${freePageName(slug, taken)}”.` };
  if (taken.includes(slug))
    return {
      ok: false,
      error: `You already have a page at “/${slug}”. Try “${freePageName(slug, taken)}”, or open that one from the list.`,
    };
  const frontmatter = { title: clean, description: `${clean}: this page is being written.` };
  const text = `---\n${stringify(frontmatter, { lineWidth: 0 })}---\n\n## ${clean}\n\nWhat this page is about.\n`;
  const path = `${PAGE_DIR}${slug}.mdx`;
  return {
    ok: true,
    value: { path, slug, text, request: { files: [{ path, content: text, baseBlobId: null }], message: `Add the ${clean} page` } },
  };
}

/** The list's item for a path under content/ ("case-studies/x.mdx") or the publish layer's ("content/case-studies/x.mdx"). */
function findItem(list: ContentItem[], path: string): ContentItem | undefined {
  return list.find((item) => item.path === path || item.contentPath === path);
}

/** The file's text with `order` set: only the order line changes. */
function withOrder(text: string, order: number): string {
  const document = readDocument(text, 'mdx');
  const data = yamlData(document.yaml) as Record<string, unknown>;
  return writeDocument(document, applyChanges(document.yaml, { ...data, order }));
}

/**
 * Moves a case study one place up or down the home page's order. The two
 * neighbours swap their `order` values when that gives the new order; when it
 * does not (equal orders, or a third study sharing a value), the case studies
 * are numbered 1, 2, 3… and only those whose number changes are written.
 */
export function moveRequest(
  list: ContentItem[],
  texts: ReadonlyMap<string, string>,
  path: string,
  direction: 'up' | 'down',
): Outcome<PublishRequest> {
  const studies = caseStudies(list);
  const at = studies.findIndex((item) => item.path === path || item.contentPath === path);
  const moving = studies[at];
  if (!moving) return { ok: false, error: 'That case study is not in the list any more: reload the list.' };
  const to = direction === 'up' ? at - 1 : at + 1;
  const neighbour = studies[to];
  if (!neighbour) return { ok: false, error: `${moving.title} is already ${direction === 'up' ? 'first' : 'last'}.` };
  const broken = studies.find((item) => item.problem || typeof item.order !== 'number');
  if (broken)
    return {
      ok: false,
      error: `Fix ${broken.title} first (${broken.problem ?? 'it has no order'}): the order of the case studies is read from every one of them.`,
    };

  const wanted = [...studies];
  [wanted[at], wanted[to]] = [neighbour, moving];
  const swapped = new Map([
    // Both orders are numbers: `broken` above turned away any study without one.
    [moving.contentPath, neighbour.order!],
    // A number too, for the same reason as the line above.
    [neighbour.contentPath, moving.order!],
  ]);
  const renumbered = new Map(wanted.map((item, index) => [item.contentPath, index + 1]));
  const gives = (orders: Map<string, number>) =>
    sortContent(wanted.map((item) => ({ ...item, order: orders.get(item.contentPath) ?? item.order })))
      .map((item) => item.contentPath)
      .join('\n') === wanted.map((item) => item.contentPath).join('\n');
  const orders = moving.order !== neighbour.order && gives(swapped) ? swapped : renumbered;

  const files: PublishRequest['files'] = [];
  for (const item of studies) {
    const order = orders.get(item.contentPath);
    if (order === undefined || order === item.order) continue;
    const text = texts.get(item.contentPath);
    if (text === undefined) return { ok: false, error: `${item.title} could not be read just now: reload the list and try again.` };
    files.push({ path: item.contentPath, content: withOrder(text, order), baseBlobId: item.blobId });
  }
  return { ok: true, value: { files, message: `Move ${moving.title} ${direction}` } };
}

/** Deletes a case study or a page: its .mdx and every file of its folder (content/case-studies/<slug>/, content/pages/<slug>/). The site details and resume cannot be deleted. */
export function deleteRequest(list: ContentItem[], path: string): Outcome<PublishRequest> {
  const item = findItem(list, path);
  if (!item) return { ok: false, error: 'That page is not in the list any more: reload the list.' };
  if (item.contentPath === SITE_FILE || item.contentPath === RESUME_FILE || (item.kind !== 'case-study' && item.kind !== 'page')) {
    return { ok: false, error: `${item.title} cannot be deleted: the site needs it. Only case studies and your own pages can be.` };
  }
  const deleted = [
    { path: item.contentPath, baseBlobId: item.blobId },
    ...(item.assets ?? []).map((file) => ({ path: file.path, baseBlobId: file.blobId })),
  ];
  return { ok: true, value: { files: [], deleted, message: `Delete ${item.title}` } };
}

export type StatusChange = { status: 'published' | 'coming-soon'; visibility?: 'public' | 'private' };

/**
 * Changes a case study's status and visibility from the list. The schema
 * decides what else must change, and `dropped` names it so the page can ask
 * first: a coming-soon case study has no `page`, `visibility` or
 * `lockedNote` (its schema is strict), and a public one has no lock screen
 * note. Publishing one needs its page fields, which only the editor's form
 * can give: the list refuses with the sentence to show.
 */
export function statusRequest(
  list: ContentItem[],
  texts: ReadonlyMap<string, string>,
  path: string,
  change: StatusChange,
): Outcome<{ request: PublishRequest; dropped: string[] }> {
  const item = findItem(list, path);
  if (!item || item.kind !== 'case-study') return { ok: false, error: 'That case study is not in the list any more: reload the list.' };
  if (item.problem) return { ok: false, error: `Open ${item.title} and fix it first: ${item.problem}` };
  const text = texts.get(item.contentPath);
  if (text === undefined) return { ok: false, error: `${item.title} could not be read just now: reload the list and try again.` };
  const document = readDocument(text, 'mdx');
  const data = yamlData(document.yaml) as Record<string, unknown>;
  const visibility =
    change.status === 'published' ? (change.visibility ?? (data.visibility === 'private' ? 'private' : 'public')) : undefined;
  if (change.status === 'published' && (typeof data.page !== 'object' || data.page === null)) {
    return {
      ok: false,
      error: `${item.title} has no page details yet (summary, client, timeline, team, outcomes): open it, set its status to published there and fill them in.`,
    };
  }
  const next: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    const keep =
      change.status === 'published'
        ? !(key === 'lockedNote' && visibility === 'public')
        : !['page', 'visibility', 'lockedNote'].includes(key);
    if (!keep) {
      dropped.push(key);
      continue;
    }
    next[key] = key === 'status' ? change.status : key === 'visibility' ? visibility : value;
    // A private study says so right after its status (public is the default and needs no line).
    if (key === 'status' && visibility === 'private' && !('visibility' in data)) next.visibility = 'private';
  }
  const yaml = applyChanges(document.yaml, next);
  const content = writeDocument(document, yaml);
  if (content === text) return { ok: false, error: `${item.title} is already ${change.status}${visibility ? ` and ${visibility}` : ''}.` };
  const what = change.status === 'coming-soon' ? 'coming soon' : `${change.status}${visibility === 'private' ? ', private' : ''}`;
  return {
    ok: true,
    value: {
      request: { files: [{ path: item.contentPath, content, baseBlobId: item.blobId }], message: `Set ${item.title} to ${what}` },
      dropped,
    },
  };
}

import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../pipeline/content/compile';
import { blobIdOf } from '~/editing/git/publish.server';
import { describeContentFile, sortContent, type ContentItem } from '~/editing/content-list/catalog.server';
import { diffLines } from '~/editing/documents/line-diff';
import { deleteRequest, moveRequest, newCaseStudy, SLUG, slugFor, statusRequest } from '~/editing/content-list/manage.server';
import { cutOnWord, overLimitNote, TITLE_MAX } from '~/editing/content-list/title-limit';
import { copyContent, ROOT, SAMPLE_SITE_DIR } from '../helpers/data/content';
import { at, must } from '../helpers/must';

/**
 * The list's actions as plans over the real content/: what they would
 * publish, line by line, and that the build (the real compileSite) takes a
 * new case study as it is created.
 */

/** The sample designer's content (test/fixtures/site, as content/): every file with its blob id and text. */
function realContent(): { list: ContentItem[]; texts: Map<string, string> } {
  const files = (readdirSync(SAMPLE_SITE_DIR, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = `content/${path.relative(SAMPLE_SITE_DIR, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`;
      const bytes = readFileSync(path.join(SAMPLE_SITE_DIR, file.slice('content/'.length)));
      return { path: file, blobId: blobIdOf(bytes), text: bytes.toString('utf8') };
    });
  const documents = files.filter((file) => /^content\/(site\.yml|resume\.mdx|case-studies\/[^/]+\.mdx)$/.test(file.path));
  return {
    list: sortContent(documents.map((file) => describeContentFile(file, file.text, files))),
    texts: new Map(documents.map((file) => [file.path, file.text])),
  };
}

/** Each changed file's removed and added lines. */
function changedLines(before: Map<string, string>, files: { path: string; content: string | Buffer }[]) {
  return Object.fromEntries(
    files.map((file) => [
      file.path,
      diffLines(before.get(file.path)!, String(file.content))
        .filter((line) => line.kind !== 'same')
        .map((line) => `${line.kind === 'added' ? '+' : '-'}${line.text}`),
    ]),
  );
}

describe('slugFor', () => {
  it.each([
    ['Office Depot', [], 'office-depot'],
    ['  Café  Crème — Été 2026 ', [], 'cafe-creme-ete-2026'],
    ['Straße & Øresund', [], 'strasse-and-oresund'],
    ['Ünïcödé ÀÉÎÕÜ ñ', [], 'unicode-aeiou-n'],
    ['!!!', [], 'case-study'],
    ['日本語', [], 'case-study'],
    ['Office Depot', ['office-depot'], 'office-depot-2'],
    ['Office Depot', ['office-depot', 'office-depot-2', 'office-depot-3'], 'office-depot-4'],
    ['', ['case-study'], 'case-study-2'],
  ])('%j (taken: %j) → %s', (title, taken, slug) => {
    expect(slugFor(title, taken)).toBe(slug);
    expect(slugFor(title, taken)).toMatch(SLUG);
  });

  it('is at most 60 characters, cut at a word, even with a number after it', () => {
    const long = 'A very long case study title about redesigning the enterprise analytics dashboard for operations';
    const slug = slugFor(long, []);
    expect(slug).toBe('a-very-long-case-study-title-about-redesigning-the');
    expect(slug.length).toBeLessThanOrEqual(60);
    const second = slugFor(long, [slug]);
    expect(second).toBe('a-very-long-case-study-title-about-redesigning-the-2');
    expect(slugFor('x'.repeat(80), []).length).toBe(60);
    expect(slugFor('x'.repeat(80), ['x'.repeat(60)])).toBe(`${'x'.repeat(58)}-2`);
  });
});

describe('a new case study', () => {
  it('starts coming-soon with every required field, the placeholder image and the next order; the real build takes it', async () => {
    const { list } = realContent();
    const created = newCaseStudy('Café Loyalty: Rewards', list);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const maxOrder = Math.max(...list.filter((item) => item.kind === 'case-study').map((item) => item.order!));
    expect(created.value.path).toBe('content/case-studies/cafe-loyalty-rewards.mdx');
    expect(created.value.text).toBe(
      [
        '---',
        'title: "Café Loyalty: Rewards"',
        'description: "Café Loyalty: Rewards: the story of this project is being written."',
        'image: ./cafe-loyalty-rewards/card.svg',
        'alt: "Placeholder image for the Café Loyalty: Rewards case study"',
        'tags:',
        '  - Product Design',
        'role: Product Designer',
        'timeline: In progress',
        'impact: Coming soon',
        `order: ${maxOrder + 1}`,
        'status: coming-soon',
        '---',
        '',
        '## The problem',
        '',
        'What was wrong, for whom, and why it mattered.',
        '',
        '## The approach',
        '',
        'What you did, and why.',
        '',
        '## The outcome',
        '',
        'What changed, with figures.',
        '',
      ].join('\n'),
    );
    // The placeholder card image is a file of the new case study's own folder, published with it: none stays in public/.
    const card = created.value.card;
    expect(card.path).toBe('content/case-studies/cafe-loyalty-rewards/card.svg');
    expect(created.value.request).toEqual({
      files: [
        { path: created.value.path, content: created.value.text, baseBlobId: null },
        { path: card.path, content: card.bytes, baseBlobId: null },
      ],
      message: 'Add Café Loyalty: Rewards',
    });
    const row = describeContentFile({ path: created.value.path, blobId: 'b'.repeat(40) }, created.value.text);
    expect(row).toMatchObject({
      title: 'Café Loyalty: Rewards',
      status: 'coming-soon',
      order: maxOrder + 1,
      image: './cafe-loyalty-rewards/card.svg',
    });
    expect(row.problem).toBeUndefined();

    const copy = await copyContent();
    try {
      await copy.write('case-studies/cafe-loyalty-rewards.mdx', created.value.text);
      await mkdir(path.join(copy.dir, 'case-studies/cafe-loyalty-rewards'), { recursive: true });
      await copy.write('case-studies/cafe-loyalty-rewards/card.svg', created.value.card.bytes.toString('utf8'));
      const { content } = await compileSite(copy.dir, path.join(ROOT, 'public'), path.join(copy.root, 'private'));
      expect(content.cards.find((c) => c.slug === 'cafe-loyalty-rewards')).toMatchObject({
        title: 'Café Loyalty: Rewards',
        href: null,
        imageWidth: 1200,
        imageHeight: 750,
      });
      expect(content.cards.at(-1)!.slug).toBe('cafe-loyalty-rewards');
    } finally {
      await copy.dispose();
    }
  });

  it('takes the next free slug, and refuses an empty title', () => {
    const { list } = realContent();
    expect(newCaseStudy('Office Depot', list)).toMatchObject({
      ok: true,
      value: { slug: 'office-depot-2', path: 'content/case-studies/office-depot-2.mdx' },
    });
    expect(newCaseStudy('   ', list)).toEqual({ ok: false, error: 'A new case study needs a title.' });
  });

  it('refuses a title another case study has (case, accents and punctuation aside), naming it', () => {
    const { list } = realContent();
    const taken = list.find((item) => item.kind === 'case-study' && item.title)!.title;
    for (const title of [taken, `  ${taken.toUpperCase()}! `]) {
      expect(newCaseStudy(title, list)).toEqual({
        ok: false,
        error: `You already have a case study called “${taken}”. Give the new one another title, or open that one from the list.`,
      });
    }
  });
});

describe('a title over the limit', () => {
  const long =
    'How a regional bank moved forty thousand small businesses to a new lending flow, and why the old one can take its fair share of the blame';

  it('is cut on a word, never mid-word, without the comma or dash a cut can leave', () => {
    expect(long.length).toBeGreaterThan(TITLE_MAX);
    const cut = cutOnWord(long);
    expect(cut.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(long.startsWith(cut)).toBe(true);
    expect(long[cut.length]).toBe(' ');
    expect(cut.endsWith('can take its fair')).toBe(true);
    expect(cutOnWord('Research, synthesis – '.repeat(8))).toMatch(/synthesis$|Research$/);
    expect(cutOnWord('x'.repeat(130))).toBe('x'.repeat(TITLE_MAX));
    expect(cutOnWord('Short title')).toBe('Short title');
  });

  it('is refused with a note that says where it would end, and nothing is made', () => {
    const { list } = realContent();
    const created = newCaseStudy(long, list);
    expect(created.ok).toBe(false);
    expect(!created.ok && created.error).toBe(
      `A title holds ${TITLE_MAX} characters and yours has ${long.length}. Cut on a word, it now ends “…can take its fair”: press Create to keep it so, or shorten it your way.`,
    );
    expect(overLimitNote(cutOnWord(long))).toBeNull();
  });
});

describe('reordering', () => {
  it('moving up swaps the two neighbours’ order values: only their order lines change', () => {
    const { list, texts } = realContent();
    const order = list.filter((item) => item.kind === 'case-study').map((item) => `${item.slug}:${item.order}`);
    expect(order).toEqual(['office-depot:1', 'mobile-banking:2', 'analytics-dashboard:3']);
    const moved = moveRequest(list, texts, 'case-studies/mobile-banking.mdx', 'up');
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    expect(moved.value.message).toBe('Move Mobile Banking UX up');
    expect(moved.value.files.map((f) => [f.path, f.baseBlobId])).toEqual([
      ['content/case-studies/office-depot.mdx', list.find((i) => i.slug === 'office-depot')!.blobId],
      ['content/case-studies/mobile-banking.mdx', list.find((i) => i.slug === 'mobile-banking')!.blobId],
    ]);
    expect(changedLines(texts, moved.value.files)).toEqual({
      'content/case-studies/office-depot.mdx': ['-order: 1', '+order: 2'],
      'content/case-studies/mobile-banking.mdx': ['-order: 2', '+order: 1'],
    });
    expect(moveRequest(list, texts, 'content/case-studies/analytics-dashboard.mdx', 'down')).toEqual({
      ok: false,
      error: 'Analytics Dashboard is already last.',
    });
    expect(moveRequest(list, texts, 'case-studies/office-depot.mdx', 'up')).toEqual({
      ok: false,
      error: 'Office Depot Rewards App Redesign is already first.',
    });
    expect(moveRequest(list, texts, 'site.yml', 'up')).toMatchObject({ ok: false });
  });

  it('equal orders are numbered 1, 2, 3…, writing only the files whose number changes', () => {
    const { list, texts } = realContent();
    // Mobile banking and analytics share order 2; analytics sorts first by title.
    const edited = new Map(texts);
    const analytics = 'content/case-studies/analytics-dashboard.mdx';
    edited.set(analytics, texts.get(analytics)!.replace('order: 3', 'order: 2'));
    const tied = list.map((item) =>
      item.contentPath === analytics ? describeContentFile({ path: analytics, blobId: item.blobId }, edited.get(analytics)!, []) : item,
    );
    expect(
      tied
        .filter((i) => i.kind === 'case-study')
        .sort((a, b) => a.order! - b.order! || a.title.localeCompare(b.title))
        .map((i) => i.slug),
    ).toEqual(['office-depot', 'analytics-dashboard', 'mobile-banking']);
    const moved = moveRequest(tied, edited, 'case-studies/mobile-banking.mdx', 'up');
    expect(moved.ok && changedLines(edited, moved.value.files)).toEqual({ [analytics]: ['-order: 2', '+order: 3'] });
  });

  it('a case study the build refuses stops a move, with its problem', () => {
    const { list, texts } = realContent();
    const broken = list.map((item) =>
      item.slug === 'analytics-dashboard'
        ? describeContentFile({ path: item.contentPath, blobId: item.blobId }, '---\ntitle: [\n---\n', [])
        : item,
    );
    const result = moveRequest(broken, texts, 'case-studies/office-depot.mdx', 'down');
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(/^Fix analytics-dashboard first \(Its details are written in a way the site can’t read\./),
    });
  });
});

describe('deleting', () => {
  it('deletes the .mdx and every file of its folder, each with the blob id the list read', () => {
    const { list } = realContent();
    const result = deleteRequest(list, 'case-studies/office-depot.mdx');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const folder = readdirSync(path.join(SAMPLE_SITE_DIR, 'case-studies/office-depot')).map(
      (name) => `content/case-studies/office-depot/${name}`,
    );
    expect(result.value.files).toEqual([]);
    expect(result.value.deleted!.map((d) => d.path).sort()).toEqual(['content/case-studies/office-depot.mdx', ...folder].sort());
    for (const deleted of result.value.deleted!)
      expect(deleted.baseBlobId).toBe(blobIdOf(readFileSync(path.join(SAMPLE_SITE_DIR, deleted.path.slice('content/'.length)))));
    expect(result.value.message).toBe('Delete Office Depot Rewards App Redesign');
    // A coming-soon case study: its file and its card image.
    const banking = deleteRequest(list, 'content/case-studies/mobile-banking.mdx');
    expect(banking.ok && banking.value.deleted!.map((d) => d.path).sort()).toEqual([
      'content/case-studies/mobile-banking.mdx',
      'content/case-studies/mobile-banking/card.svg',
    ]);
  });

  it('refuses the site details and the resume', () => {
    const { list } = realContent();
    expect(deleteRequest(list, 'site.yml')).toEqual({
      ok: false,
      error: 'Site details cannot be deleted: the site needs it. Only case studies and your own pages can be.',
    });
    expect(deleteRequest(list, 'content/resume.mdx')).toMatchObject({ ok: false });
    expect(deleteRequest(list, 'case-studies/nope.mdx')).toEqual({
      ok: false,
      error: 'That page is not in the list any more: reload the list.',
    });
  });
});

describe('status and visibility from the list', () => {
  const OD = 'content/case-studies/office-depot.mdx';

  it('published → private adds one line after the status; back to public removes it with the lock note', () => {
    const { list, texts } = realContent();
    const result = statusRequest(list, texts, 'case-studies/office-depot.mdx', { status: 'published', visibility: 'private' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.dropped).toEqual([]);
    expect(result.value.request.message).toBe('Set Office Depot Rewards App Redesign to published, private');
    const file = at(result.value.request.files, 0, 'a changed file');
    expect(file.baseBlobId).toBe(list.find((i) => i.contentPath === OD)!.blobId);
    expect(changedLines(texts, [file])).toEqual({ [OD]: ['+visibility: private'] });
    expect(String(file.content)).toContain('status: published\nvisibility: private\npage:');

    const locked = String(file.content).replace('visibility: private\n', 'visibility: private\nlockedNote: Ask me for the password.\n');
    const privateList = list.map((item) =>
      item.contentPath === OD ? describeContentFile({ path: OD, blobId: item.blobId }, locked, []) : item,
    );
    const back = statusRequest(privateList, new Map([[OD, locked]]), OD, { status: 'published', visibility: 'public' });
    expect(back.ok && back.value.dropped).toEqual(['lockedNote']);
    expect(back.ok && changedLines(new Map([[OD, locked]]), back.value.request.files)).toEqual({
      [OD]: ['-visibility: private', '-lockedNote: Ask me for the password.', '+visibility: public'],
    });
  });

  it('published → coming soon drops the page details (named), and the build takes it', async () => {
    const { list, texts } = realContent();
    const result = statusRequest(list, texts, OD, { status: 'coming-soon' });
    expect(result.ok && result.value.dropped).toEqual(['page']);
    if (!result.ok) return;
    const lines = must(changedLines(texts, result.value.request.files)[OD], `changed lines in ${OD}`);
    expect(lines[0]).toBe('-status: published');
    expect(lines).toContain('+status: coming-soon');
    expect(lines.filter((line) => line.startsWith('+'))).toEqual(['+status: coming-soon']);
    const copy = await copyContent();
    try {
      await copy.write('case-studies/office-depot.mdx', String(at(result.value.request.files, 0, 'a changed file').content));
      const { content } = await compileSite(copy.dir, path.join(ROOT, 'public'), path.join(copy.root, 'private'));
      expect(content.cards.find((card) => card.slug === 'office-depot')).toMatchObject({ href: null });
    } finally {
      await copy.dispose();
    }
  });

  it('coming soon → published without page details is refused with what to do; no change is refused too', () => {
    const { list, texts } = realContent();
    expect(statusRequest(list, texts, 'case-studies/mobile-banking.mdx', { status: 'published' })).toEqual({
      ok: false,
      error:
        'Mobile Banking UX has no page details yet (summary, client, timeline, team, outcomes): open it, set its status to published there and fill them in.',
    });
    expect(statusRequest(list, texts, OD, { status: 'published', visibility: 'public' })).toEqual({
      ok: false,
      error: 'Office Depot Rewards App Redesign is already published and public.',
    });
    expect(statusRequest(list, texts, 'site.yml', { status: 'published' })).toMatchObject({ ok: false });
  });
});

import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unquotedColonHint } from '~/content/yaml-quote-hint';
import { compileSite, ContentError } from '../../pipeline/content/compile';
import { bracketImagePathsWithSpaces } from '../../pipeline/content/image-paths';
import { copyFilesSite, TRIP_PLANNER, type FilesSite } from '../helpers/data/files-site';
import { at, must } from '../helpers/must';

/**
 * The files way fails loudly, never silently: an image path with spaces (as
 * Finder and Figma name exports) renders, image syntax never reaches a page
 * as text, and an unquoted ": " in a YAML value gets the fix, not the
 * parser's words. On the tests' own site (test/fixtures/files-site/).
 */

const WRITTEN = '![Wireframes as exported](./trip-planner/Trip Planner Wireframes.png)';

let site: FilesSite;
beforeEach(async () => {
  site = await copyFilesSite();
});
afterEach(() => site.dispose());

const compile = () => compileSite(site.contentDir, site.publicDir, path.join(site.root, '.generated/private-media'));

async function failure(): Promise<ContentError> {
  const error = await compile().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the build should have stopped').toBeInstanceOf(ContentError);
  return error as ContentError;
}

async function lineOf(file: string, text: string): Promise<number> {
  const index = (await site.read(file)).split('\n').findIndex((line) => line.includes(text));
  expect(index, `"${text}" not in ${file}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

/** The story's figures: the <img> file each shows, and its alt text. */
function figures(html: string): { alt: string; src: string }[] {
  return [...html.matchAll(/<figure\b[\s\S]*?<img\b([^>]*)>/g)].map(([, attributes = '']) => ({
    alt: /\balt="([^"]*)"/.exec(attributes)?.[1] ?? '',
    src: /\bsrc="([^"]*)"/.exec(attributes)?.[1] ?? '',
  }));
}

describe('a Markdown image whose path has spaces', () => {
  for (const [form, written] of [
    ['as exported, spaces and all', WRITTEN],
    ["in CommonMark's <…>", '![Wireframes as exported](<./trip-planner/Trip Planner Wireframes.png>)'],
    ['%20-encoded', '![Wireframes as exported](./trip-planner/Trip%20Planner%20Wireframes.png)'],
    ['with a caption', '![Wireframes as exported](./trip-planner/Trip Planner Wireframes.png "The first sketches")'],
  ] as const) {
    it(`${form}: a figure with the pipeline's variants, no Markdown left in the page`, async () => {
      if (written !== WRITTEN) await site.edit(TRIP_PLANNER, WRITTEN, written);
      const { content, images } = await compile();
      const html = must(content.caseStudies['trip-planner'], 'the trip-planner case study').html;
      expect(figures(html)).toEqual([
        {
          alt: 'Wireframes as exported',
          src: expect.stringMatching(/^\/generated\/images\/Trip-Planner-Wireframes-\d+\.[0-9a-f]+\.webp$/),
        },
      ]);
      expect(html).toMatch(/<source type="image\/avif" srcSet="\/generated\/images\/Trip-Planner-Wireframes-480\./);
      expect(html).not.toContain('![');
      expect([...images.outputs.values()].map((output) => path.basename(output.source))).toContain('Trip Planner Wireframes.png');
      if (written.includes('"The first sketches"')) expect(html).toContain('<figcaption');
    });
  }

  it('inside a sentence it is an image too', async () => {
    await site.edit(TRIP_PLANNER, WRITTEN, `Here are the ${WRITTEN} we tested.`);
    const html = must((await compile()).content.caseStudies['trip-planner'], 'the trip-planner case study').html;
    expect(html).toMatch(/<img\b[^>]*alt="Wireframes as exported"/);
    expect(html).not.toContain('![');
  });

  it('a missing file is still refused with its line', async () => {
    await site.edit(TRIP_PLANNER, 'Trip Planner Wireframes.png', 'Trip Planner Wirefrmes.png');
    const error = await failure();
    expect(error.file).toBe(TRIP_PLANNER);
    expect(error.problems).toEqual([
      {
        message:
          'image "./trip-planner/Trip Planner Wirefrmes.png" not found (looked for content/case-studies/trip-planner/Trip Planner Wirefrmes.png)',
        line: await lineOf(TRIP_PLANNER, 'Wirefrmes'),
        column: 1,
      },
    ]);
  });

  it('code keeps what was written', () => {
    const fenced = '```\n![a](./x y.png)\n```\nand `![b](./x y.png)` and ![c](./x y.png)';
    expect(bracketImagePathsWithSpaces(fenced)).toBe('```\n![a](./x y.png)\n```\nand `![b](./x y.png)` and ![c](<./x y.png>)');
  });
});

describe('image syntax left as text is refused with its file, line and the fix', () => {
  it('an image the parser cannot read (no closing parenthesis)', async () => {
    await site.edit(TRIP_PLANNER, WRITTEN, 'See the\n![Wireframes as exported](./trip-planner/Trip Planner Wireframes.png\nfor details.');
    const error = await failure();
    expect(error.file).toBe(TRIP_PLANNER);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]?.line).toBe(await lineOf(TRIP_PLANNER, '![Wireframes'));
    expect(error.problems[0]?.message).toMatch(
      /^"!\[Wireframes as exported\]\(\.\/trip-planner\/Trip Planner Wireframes\.png" shows on the page as text, not as an image: write it on its own line as !\[what it shows\]\(\.\/folder\/file\.png\)/,
    );
    expect(error.message).toContain(`line ${error.problems[0]?.line}`);
  });

  it('in the words of a block (a caption)', async () => {
    await site.edit(TRIP_PLANNER, WRITTEN, '<Callout>\nSee ![the map](./trip-planner/map.png in the appendix.\n</Callout>');
    const error = await failure();
    expect(error.problems.map((p) => p.line)).toEqual([await lineOf(TRIP_PLANNER, '![the map]')]);
    expect(error.problems[0]?.message).toContain('shows on the page as text');
  });

  it('in a frontmatter field', async () => {
    // Quoted: YAML reads an unquoted ! as a tag.
    await site.edit(TRIP_PLANNER, /^impact: .*$/m, 'impact: "![chart](./chart.png)"');
    const error = await failure();
    expect(error.problems).toEqual([
      {
        message: expect.stringMatching(/^field "impact": "!\[chart\]\(\.\/chart\.png\)" would show on the page as text/),
        line: await lineOf(TRIP_PLANNER, 'impact: "![chart]'),
      },
    ]);
  });

  it('an escaped \\![ and code are text the writer meant', async () => {
    await site.edit(TRIP_PLANNER, WRITTEN, `${WRITTEN}\n\nMarkdown writes images as !\\[alt](path), or \`![alt](path)\`.`);
    const html = must((await compile()).content.caseStudies['trip-planner'], 'the trip-planner case study').html;
    expect(html).toContain('Markdown writes images as ![alt](path)');
  });
});

describe('an unquoted ": " inside a YAML value', () => {
  const TITLE = 'Design that moves people: transit, health and civic tech';

  it('site.yml: says to quote it, shows the quoted line, names file and line', async () => {
    await site.edit('content/site.yml', /^role: .*$/m, `role: ${TITLE}`);
    const error = await failure();
    expect(error.file).toBe('content/site.yml');
    expect(error.problems).toEqual([
      {
        message: `not valid YAML: the value of "role" has ": " in it, which YAML reads as the start of another field: put the value in quotes, like this: role: "${TITLE}"`,
        line: await lineOf('content/site.yml', `role: ${TITLE}`),
      },
    ]);
    expect(error.message).not.toMatch(/bad indentation|mapping entry/);
  });

  it('frontmatter: the same, at the line in the .mdx file; the quoted line builds', async () => {
    await site.edit(TRIP_PLANNER, /^title: .*$/m, `title: ${TITLE}`);
    const error = await failure();
    expect(error.file).toBe(TRIP_PLANNER);
    const problem = at(error.problems, 0, 'a problem');
    expect(problem.line).toBe(await lineOf(TRIP_PLANNER, `title: ${TITLE}`));
    expect(problem.message).toBe(
      `frontmatter is not valid YAML: the value of "title" has ": " in it, which YAML reads as the start of another field: put the value in quotes, like this: title: "${TITLE}"`,
    );
    // Doing what it says fixes it.
    await site.edit(TRIP_PLANNER, `title: ${TITLE}`, `title: "${TITLE}"`);
    expect((await compile()).content.caseStudies['trip-planner']?.title).toBe(TITLE);
  });

  it('a list item, a value with double quotes, and a mistake that is something else', () => {
    expect(unquotedColonHint('outcomes:\n  - label: Time: on task\n', 2)).toEqual({
      line: 2,
      key: 'label',
      quoted: '- label: "Time: on task"',
    });
    expect(unquotedColonHint('title: The "why": research\n', 1)?.quoted).toBe(`title: 'The "why": research'`);
    expect(unquotedColonHint('x: 1\n  bad: indent\n', 2)).toBeUndefined();
    expect(unquotedColonHint('title: "quoted: fine"\n', 1)).toBeUndefined();
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS } from '~/components/mdx/blocks';
import { caseStudyComponents } from '~/components/mdx/components';
import { embedFor } from '~/components/mdx/Embed';
import { ContentError } from '../../pipeline/content/errors';
import { compileMdx } from '../../pipeline/content/mdx';
import { ImagePlan, writeImageVariants } from '../../pipeline/images';
import { group } from '../helpers/must';

/**
 * The story pipeline on MDX written for each case: Markdown images and the
 * blocks, compiled and rendered as the build does, and every mistake reported
 * with the file, the line and what to do.
 */

let root: string;
let contentDir: string;
let caseDir: string;
let publicDir: string;
const FILE = 'content/case-studies/sample.mdx';
/** The frontmatter takes lines 1–3 and line 4 is blank: the body starts on line 5. */
const FRONTMATTER = '---\ntitle: Sample\n---\n\n';

const svg = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#eef2ff"/></svg>`;
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'story-'));
  contentDir = path.join(root, 'content');
  caseDir = path.join(contentDir, 'case-studies');
  publicDir = path.join(root, 'public');
  await mkdir(path.join(caseDir, 'sample'), { recursive: true });
  await mkdir(path.join(publicDir, 'images'), { recursive: true });
  await writeFile(path.join(caseDir, 'sample/photo.png'), await png(1800, 1200));
  await writeFile(path.join(caseDir, 'sample/small.png'), await png(600, 400));
  await writeFile(path.join(caseDir, 'sample/before.png'), await png(800, 600));
  await writeFile(path.join(caseDir, 'sample/after.png'), await png(800, 600));
  await writeFile(path.join(caseDir, 'sample/taller.png'), await png(800, 700));
  await writeFile(path.join(caseDir, 'sample/map.svg'), svg(1600, 900));
  await writeFile(path.join(caseDir, 'sample/anim.gif'), 'GIF89a');
  await writeFile(path.join(caseDir, 'sample/clip.mp4'), 'not really a video, only copied');
  await writeFile(
    path.join(caseDir, 'sample/evil.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>',
  );
  await writeFile(path.join(publicDir, 'images/shared.svg'), svg(1200, 750));
});

afterAll(() => rm(root, { recursive: true, force: true }));

function plan() {
  return new ImagePlan(publicDir, { dir: path.join(publicDir, 'generated/images'), url: '/generated/images' });
}

async function compile(body: string, images = plan()) {
  const result = await compileMdx(FRONTMATTER + body, FILE, {
    components: caseStudyComponents,
    blocks: BLOCKS,
    roots: { dir: caseDir, contentDir, publicDir, plan: images },
  });
  return { ...result, images };
}

async function problems(body: string): Promise<string[]> {
  const error = await compile(body).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the build should have stopped').toBeInstanceOf(ContentError);
  expect((error as ContentError).file).toBe(FILE);
  return (error as ContentError).message
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/^\s+- /, ''));
}

/** The attributes of the first tag with this name in the HTML. */
function tag(html: string, name: string, nth = 0): Record<string, string> {
  const attributes = group([...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))][nth], `<${name}> #${nth}`);
  return Object.fromEntries([...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, key = '', value = '']) => [key.toLowerCase(), value]));
}

describe('Markdown images', () => {
  it('a raster becomes a figure: AVIF and WebP srcsets at the story widths, its size, lazy, and the title as the caption', async () => {
    const { html } = await compile('Text before.\n\n![A chart of results](./sample/photo.png "What the chart shows")\n');
    expect(html).toMatch(/<figure data-block="figure" data-layout="text"/);
    // Unwrapped: no <p> around the figure.
    expect(html).not.toMatch(/<p[^>]*>\s*<figure/);
    expect(html).not.toMatch(/<p(?:\s[^>]*)?>(?:(?!<\/p>).)*<img/s);
    const [avif, webp] = [tag(html, 'source', 0), tag(html, 'source', 1)];
    expect(avif.type).toBe('image/avif');
    expect(webp.type).toBe('image/webp');
    // Never upscaled: the 1800 px source gets 480, 800, 1200, 1600 and its own 1800.
    expect(avif.srcset?.split(', ').map((c) => c.split(' ')[1])).toEqual(['480w', '800w', '1200w', '1600w', '1800w']);
    expect(avif.srcset).toMatch(/^\/generated\/images\/photo-480\.[0-9a-f]{10}\.avif 480w/);
    expect(avif.sizes).toBe('(min-width: 1024px) 680px, (min-width: 640px) min(680px, calc(100vw - 48px)), calc(100vw - 40px)');
    const img = tag(html, 'img');
    expect(img).toMatchObject({ alt: 'A chart of results', width: '1800', height: '1200', loading: 'lazy', decoding: 'async' });
    expect(img.src).toMatch(/^\/generated\/images\/photo-800\.[0-9a-f]{10}\.webp$/);
    // The zoom link (and the no-JavaScript full-size view) is the largest variant.
    expect(tag(html, 'a')).toMatchObject({ 'data-zoom': '' });
    expect(tag(html, 'a').href).toMatch(/photo-1800\.[0-9a-f]{10}\.webp$/);
    expect(html).toMatch(/<figcaption[^>]*>What the chart shows<\/figcaption>/);
  });

  it('an SVG stays SVG, copied under a content hash, with its own dimensions', async () => {
    const { html, images } = await compile('![A journey map](./sample/map.svg)\n');
    expect(html).not.toContain('<source');
    const img = tag(html, 'img');
    expect(img).toMatchObject({ width: '1600', height: '900', alt: 'A journey map' });
    expect(img.src).toMatch(/^\/generated\/images\/map\.[0-9a-f]{10}\.svg$/);
    expect([...images.outputs.values()]).toEqual([{ kind: 'copy', source: path.join(caseDir, 'sample/map.svg') }]);
  });

  it('a path under public/ works as well as one relative to the MDX file', async () => {
    const { html } = await compile('![Shared art](/images/shared.svg)\n');
    expect(tag(html, 'img')).toMatchObject({ width: '1200', height: '750' });
  });

  it('a figure without a title has no caption; decorative images have empty alt and no zoom link', async () => {
    const { html } = await compile('![decorative](./sample/map.svg)\n');
    expect(html).not.toContain('<figcaption');
    expect(tag(html, 'img').alt).toBe('');
    expect(html).not.toContain('data-zoom');
  });

  it('several images on consecutive lines become one figure each; an image inside a sentence stays inline', async () => {
    const { html } = await compile('![One](./sample/map.svg)\n![Two](./sample/small.png)\n\nSee ![inline](./sample/small.png) here.\n');
    expect(html.match(/data-block="figure"/g)).toHaveLength(2);
    expect(html).toMatch(/<p[^>]*>See <picture/);
  });

  it('captions and alt text get typographic quotes, like the rest of the story', async () => {
    const { html } = await compile(`![The "old" screen](./sample/small.png "It's 3 levels deep")\n`);
    expect(html).toContain('alt="The “old” screen"');
    expect(html).toContain('It’s 3 levels deep');
  });

  it('a second plan of unchanged images makes no file', async () => {
    const first = await compile('![A chart](./sample/small.png)\n');
    expect(await writeImageVariants(first.images)).toBeGreaterThan(0);
    const second = await compile('![A chart](./sample/small.png)\n');
    expect(await writeImageVariants(second.images)).toBe(0);
  });
});

describe('image mistakes stop the build with the file, the line and the path as written', () => {
  it('a missing file', async () => {
    expect(await problems('Intro.\n\n![A chart](./sample/nope.png)\n')).toEqual([
      'line 7, column 1: image "./sample/nope.png" not found (looked for content/case-studies/sample/nope.png)',
    ]);
  });

  it('an unsupported format', async () => {
    expect(await problems('![An animation](./sample/anim.gif)\n')).toEqual([
      'line 5, column 1: image "./sample/anim.gif": unsupported format ".gif"; use PNG, JPEG, WebP, AVIF or SVG (for an animation, the <Video> block)',
    ]);
  });

  it('empty alt text without the decorative marker', async () => {
    const [problem] = await problems('\n![](./sample/map.svg "A caption is not alt text")\n');
    expect(problem).toMatch(/^line 6, column 1: image "\.\/sample\/map\.svg" has no alt text: describe what it shows/);
    expect(problem).toContain('![decorative](./sample/map.svg)');
  });

  it('an image on another site, and an SVG with script', async () => {
    expect(await problems('![Remote](https://example.com/x.png)\n\n![Evil](./sample/evil.svg)\n')).toEqual([
      'line 5, column 1: "https://example.com/x.png" is on another site: put the file in the case study\'s folder and link it as ./file.png, so the build can check and optimise it',
      'line 7, column 1: image "./sample/evil.svg": an SVG with scripts or event handlers can\'t be served; export it without them',
    ]);
  });

  it('every mistake in the file at once, in line order', async () => {
    const found = await problems('![A](./sample/a.png)\n\n<Figure src="./sample/map.svg" alt="Map" layout="huge" />\n');
    expect(found.map((p) => p.split(':')[0])).toEqual(['line 5, column 1', 'line 7, column 1']);
  });
});

describe('blocks', () => {
  it('Figure: layout wide and full, caption and credit; full-bleed keeps its caption on the text column', async () => {
    const { html } = await compile(
      '<Figure src="./sample/photo.png" alt="Wide one" caption="Cap" credit="Photo: Ada" layout="wide" />\n\n<Figure src="./sample/map.svg" alt="Full one" layout="full" caption="Edge to edge" />\n',
    );
    expect(tag(html, 'figure', 0)).toMatchObject({ 'data-block': 'figure', 'data-layout': 'wide' });
    expect(tag(html, 'figure', 0).class).toContain('story-wide');
    expect(tag(html, 'source', 0).sizes).toMatch(/^\(min-width: 1152px\) 804px/);
    expect(html).toContain('Photo: Ada');
    expect(tag(html, 'figure', 1).class).toContain('story-full');
    expect(html).toMatch(/<figcaption class="[^"]*story-caption-inset[^"]*">Edge to edge/);
  });

  it('Gallery: 2–4 images in a row, each with its caption, sized for its share of the row', async () => {
    const { html } = await compile(
      '<Gallery caption="Options">\n  ![A](./sample/small.png "First")\n  ![B](./sample/small.png "Second")\n  ![C](./sample/map.svg "Third")\n</Gallery>\n',
    );
    expect(tag(html, 'figure', 0)).toMatchObject({ 'data-block': 'gallery', 'data-layout': 'wide' });
    expect(html.match(/<img /g)).toHaveLength(3);
    expect(html).toMatch(/sm:grid-cols-3/);
    expect(tag(html, 'source').sizes).toContain('/ 3)');
    for (const caption of ['First', 'Second', 'Third', 'Options']) expect(html).toContain(`>${caption}</figcaption>`);
  });

  it('BeforeAfter: both images, labelled, and a labelled range input for the slider', async () => {
    const { html } = await compile(
      '<BeforeAfter before="Old" after="New">\n  ![Old screen](./sample/before.png)\n  ![New screen](./sample/after.png)\n</BeforeAfter>\n',
    );
    expect(tag(html, 'figure', 0)['data-block']).toBe('before-after');
    expect(html).toMatch(/data-side="before".*Old screen.*>Old<\/figcaption>.*data-side="after".*New screen.*>New<\/figcaption>/s);
    const range = tag(html, 'input');
    expect(range).toMatchObject({ type: 'range', min: '0', max: '100', value: '50' });
    expect(range['aria-label']).toContain('“Old” or “New”');
  });

  it('Callout, Metrics and Quote render to plain HTML with their hooks', async () => {
    const { html } = await compile(
      '<Callout kind="decision">\n  Speak in **dollars**.\n</Callout>\n\n<Metrics>\n  <Metric value="+35%" label="Engagement" />\n  <Metric value="4.6" label="Rating" />\n</Metrics>\n\n<Quote name="Ada" role="member">\n  I know I have rewards somewhere.\n</Quote>\n',
    );
    expect(html).toMatch(/<div data-block="callout" data-kind="decision" role="note" aria-label="Decision"/);
    expect(html).toContain('<strong>dollars</strong>');
    expect(html).toMatch(/<dl data-block="metrics"[^>]*>.*<dt[^>]*>Engagement<\/dt><dd[^>]*>\+35%<\/dd>/s);
    expect(html).toMatch(
      /<figure data-block="quote"[^>]*><blockquote[^>]*><p[^>]*>I know I have rewards somewhere\.<\/p><\/blockquote><figcaption[^>]*><span[^>]*>Ada<\/span><span>, member<\/span>/,
    );
  });

  it('Video: controls, preload none, playsinline, the poster and its size, WebM before MP4, no autoplay attribute', async () => {
    const { html } = await compile('<Video src="./sample/clip.mp4" poster="./sample/small.png" alt="A clip" autoplay />\n');
    const video = tag(html, 'video');
    expect(video).toMatchObject({
      controls: '',
      preload: 'none',
      playsinline: '',
      width: '600',
      height: '400',
      'aria-label': 'A clip',
      'data-autoplay': '',
    });
    expect(video).not.toHaveProperty('autoplay');
    expect(tag(html, 'source')).toMatchObject({ type: 'video/mp4' });
    expect(tag(html, 'source').src).toMatch(/^\/generated\/images\/clip\.[0-9a-f]{10}\.mp4$/);
  });

  it('Embed: a poster card that links out, with the player URL and origin for the script and the CSP', async () => {
    const { html } = await compile('<Embed href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" title="Walkthrough" />\n');
    expect(tag(html, 'figure')).toMatchObject({
      'data-block': 'embed',
      'data-embed-src': 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'data-embed-origin': 'https://www.youtube-nocookie.com',
    });
    expect(tag(html, 'a')).toMatchObject({
      href: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    expect(html).not.toContain('<iframe');
  });

  it.each([
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184', 'https://www.loom.com/embed/0281766fa2d04bb788eaf19e65135184'],
    [
      'https://www.figma.com/proto/AbC123/Flow',
      `https://www.figma.com/embed?embed_host=share&url=${encodeURIComponent('https://www.figma.com/proto/AbC123/Flow')}`,
    ],
  ])('Embed: %s plays as %s', (href, player) => {
    expect(embedFor(href)?.src).toBe(player);
  });

  it.each([
    'http://vimeo.com/76979871',
    'https://vimeo.com/about',
    'https://www.figma.com/community',
    'https://evil.example/figma.com/proto/x',
  ])('Embed: %s is not a link the site can embed', (href) => {
    expect(embedFor(href)).toBeNull();
  });
});

describe('block mistakes stop the build with the file and the line', () => {
  it.each([
    ['a missing src', '<Figure alt="x" />', '<Figure>: prop "src" is missing'],
    [
      'a missing alt',
      '<Figure src="./sample/map.svg" />',
      '<Figure> image "./sample/map.svg" has no alt text: add alt="…" describing what it shows, or the prop decorative if it is only decoration',
    ],
    [
      'an unknown layout',
      '<Figure src="./sample/map.svg" alt="Map" layout="huge" />',
      '<Figure> prop "layout": must be one of "text", "wide", "full" (found "huge")',
    ],
    ['an unknown prop', '<Callout tone="loud">Hi</Callout>', '<Callout>: unknown prop(s) "tone"'],
    [
      'a computed prop',
      '<Figure src="./sample/map.svg" alt={name} />',
      '<Figure> prop "alt": write a plain value, e.g. alt="…" (found {name})',
    ],
    [
      'children in a self-closing block',
      '<Figure src="./sample/map.svg" alt="Map">text</Figure>',
      '<Figure> takes nothing inside: write it self-closing, <Figure … />',
    ],
    ['an empty quote', '<Quote name="Ada" />', '<Quote> needs its text inside: <Quote>…</Quote>'],
    ['a gallery of one', '<Gallery>\n  ![A](./sample/map.svg)\n</Gallery>', '<Gallery> needs 2 to 24 images (found 1)'],
    [
      'text in a gallery',
      '<Gallery>\n  ![A](./sample/map.svg)\n  ![B](./sample/map.svg)\n\n  Some words.\n</Gallery>',
      '<Gallery> holds only Markdown images, one per line',
    ],
    ['a Metric outside Metrics', '<Metric value="1" label="One" />', '<Metric> belongs inside <Metrics>'],
    [
      'an embed from an unknown host',
      '<Embed href="https://example.com/proto" title="X" />',
      '<Embed> prop "href": must be an https link to a Figma prototype or file, or a YouTube, Vimeo or Loom video (figma.com, youtube.com, youtu.be, vimeo.com, loom.com)',
    ],
    [
      'a video that is not MP4 or WebM',
      '<Video src="./sample/map.svg" poster="./sample/small.png" alt="x" />',
      'video "./sample/map.svg": use an MP4 or WebM file',
    ],
  ])('%s', async (_name, mdx, message) => {
    expect(await problems(`${mdx}\n`)).toEqual([`line 5, column 1: ${message}`]);
  });

  it('code is refused before anything runs: expressions, import/export, HTML elements (the editor compiles the owner’s edits on the server)', async () => {
    const g = globalThis as { __storyRan?: number };
    delete g.__storyRan;
    expect(await problems('Text {globalThis.__storyRan = 1} here.\n\n{globalThis.__storyRan = 2}\n')).toEqual([
      'line 5, column 6: {globalThis.__storyRan = 1} is code, which content cannot run: write the text itself (for a brace, type \\{ or \\})',
      'line 7, column 1: {globalThis.__storyRan = 2} is code, which content cannot run: write the text itself (for a brace, type \\{ or \\})',
    ]);
    expect(await problems('Intro.\n\nexport const x = globalThis.__storyRan = 3\n')).toEqual([
      'line 7, column 1: import and export are not allowed in content: a story is text and blocks',
    ]);
    // An import stops the build too (esbuild may refuse it first, before the story's own check).
    expect(await problems("import fs from 'node:fs'\n\nText.\n")).toHaveLength(1);
    expect(
      await problems('<script>{"globalThis.__storyRan = 4"}</script>\n\n<Callout>Hi <img src="x" onError="alert(1)" /></Callout>\n'),
    ).toEqual([
      'line 5, column 1: <script> is not allowed: use Markdown for text and links, and the blocks for everything else',
      'line 5, column 9: {"globalThis.__storyRan = 4"} is code, which content cannot run: write the text itself (for a brace, type \\{ or \\})',
      'line 7, column 13: <img> is not allowed: use Markdown for text and links, and the blocks for everything else',
    ]);
    expect(await problems('<Figure src="./sample/map.svg" alt={(globalThis.__storyRan = 5, "x")} />\n')).toEqual([
      expect.stringMatching(/^line 5, column 1: <Figure> prop "alt": write a plain value/),
    ]);
    expect(g.__storyRan).toBeUndefined();
  });

  it('a link opens only http, https and mailto addresses, or a path on this site', async () => {
    expect(
      await problems(
        '[one](javascript:alert(1)) and [two](JaVaScRiPt:alert(2)) and [three](<java\tscript:alert(3)>).\n\n[four]: data:text/html,x\n\nSee [four].\n',
      ),
    ).toEqual([
      expect.stringMatching(
        /^line 5, column 1: the link to "javascript:alert\(1\)" can't be opened from the page: a link starts with https/,
      ),
      expect.stringMatching(/^line 5, column 32: the link to "JaVaScRiPt:alert\(2\)"/),
      expect.stringMatching(/^line 5, column 63: the link to "java script:alert\(3\)"/),
      expect.stringMatching(/^line 7, column 1: the link to "data:text\/html,x"/),
    ]);
    const { html } = await compile(
      '[a](https://example.com) [b](http://example.com) [c](mailto:me@example.com) [d](/resume) [e](#top) [f](../x).\n',
    );
    expect(html.match(/href="[^"]*"/g)).toEqual([
      'href="https://example.com"',
      'href="http://example.com"',
      'href="mailto:me@example.com"',
      'href="/resume"',
      'href="#top"',
      'href="../x"',
    ]);
  });

  it('a before/after whose images differ in size', async () => {
    expect(
      await problems('Intro.\n\n<BeforeAfter>\n  ![Old](./sample/before.png)\n  ![New](./sample/taller.png)\n</BeforeAfter>\n'),
    ).toEqual([
      'line 7, column 1: <BeforeAfter> compares images of the same size: ./sample/before.png is 800×600, ./sample/taller.png is 800×700',
    ]);
  });

  it('an unknown component names itself, its line and the blocks there are', async () => {
    expect(await problems('Intro.\n\nSome text with <Carousel /> inside.\n')).toEqual([
      'line 7, column 16: unknown component <Carousel>: the blocks are <Figure>, <Gallery>, <BeforeAfter>, <Callout>, <Metrics>, <Metric>, <Quote>, <Video>, <Embed>',
    ]);
  });

  it('an MDX syntax error has its line and column in the file', async () => {
    const [problem] = await problems('Intro.\n\n<div>\n\nNever closed.\n');
    expect(problem).toMatch(/^line 7, column 1: MDX does not compile: Expected a closing tag for `<div>`/);
  });
});

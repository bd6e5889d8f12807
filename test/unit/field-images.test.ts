import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { caseStudyFrontmatterSchema, imageSchema, siteSchema } from '~/content/schema';
import { IMAGE_FIELDS, imageRepoPath, imageSrcFor } from '~/editing/documents/image-fields';
import { compileSite, ContentError } from '../../pipeline/content/compile';
import { writeImageVariants } from '../../pipeline/images';
import { writeSocialImages } from '../../pipeline/social-images';
import { renderSiteFiles, versionFiles } from '../../pipeline/render-site';
import { writeIcons } from '../../pipeline/icons';
import { renderResumePdf } from '../../pipeline/resume-pdf';
import { fileColours } from '~/look/file-colours';
import { contrast } from '~/look/palette';
import { at } from '../helpers/must';
import { MINIMAL_CARD } from '../helpers/data/content';

/**
 * Image fields (the site's photos, a case study's card image) in the build:
 * both path forms (beside the content, and the older public/ paths), the
 * pixel size read from the file whatever is typed, the original served from
 * the generated images, and a file nothing names never reaching the output.
 * A fixture designer of this test's own; the images are made here by sharp.
 */

let scratch: string | undefined;
afterEach(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
  scratch = undefined;
});

const png = (width: number, height: number, colour = '#3b82f6') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#f97316' } })
    .jpeg()
    .toBuffer();
/** Red on the left half, blue on the right: where a crop lands shows in one pixel. */
const halves = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: { create: { width: width / 2, height, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
    .png()
    .toBuffer();
const svg = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#a7f3d0"/></svg>`;

type Photo = { src: string; width?: number; height?: number; focus?: string };

function siteYml(profile: Photo, about: Photo): string {
  const photo = (p: Photo, alt: string) =>
    [
      `    src: ${JSON.stringify(p.src)}`,
      `    alt: ${alt}`,
      ...(p.focus ? [`    focus: ${p.focus}`] : []),
      ...(p.width ? [`    width: ${p.width}`, `    height: ${p.height}`] : []),
    ].join('\n');
  return `name: Robin Fixture
initials: RF
role: Service Designer
email: robin@example.org
linkedin: https://www.linkedin.com/in/robin-fixture
website: https://robin.example.org
location: Oslo
description: Robin Fixture designs services.
hero:
  badge: Open to work
  title: Services that work
  subtitle: I design services.
about:
  title: About
  paragraphs:
    - I design services.
  interests:
    - Rowing
photos:
  profile:
${photo(profile, 'Robin at a whiteboard')}
  about:
${photo(about, 'Robin rowing')}
`;
}

const RESUME = `---
headline: Service Designer
location: Oslo
experience:
  - title: Designer
    company: Fixture Works
    location: Oslo
    years: 2020 – Present
    bullets:
      - Designed services.
education:
  - degree: MA Design
    school: Fixture School
    year: 2019
skills:
  - group: Research
    items:
      - Interviews
certifications: []
languages:
  - name: Norwegian
    level: Native
---

Robin designs services.
`;

const card = (image: string) => `---
title: Ferry Tickets
description: Buying a ferry ticket in one step.
image: ${JSON.stringify(image)}
alt: A ferry ticket on a phone
tags:
  - Mobile
role: Designer
timeline: 2 months
impact: Faster tickets
order: 1
status: coming-soon
---
`;

/** A fixture checkout: <root>/content and <root>/public. */
async function fixture({ profile, about, image }: { profile: Photo; about: Photo; image: string }) {
  scratch = await mkdtemp(path.join(tmpdir(), 'field-images-'));
  const content = path.join(scratch, 'content');
  const publicDir = path.join(scratch, 'public');
  await mkdir(path.join(content, 'images'), { recursive: true });
  await mkdir(path.join(content, 'case-studies/ferry'), { recursive: true });
  await mkdir(path.join(publicDir, 'images'), { recursive: true });
  await writeFile(path.join(content, 'site.yml'), siteYml(profile, about));
  await writeFile(path.join(content, 'resume.mdx'), RESUME);
  await writeFile(path.join(content, 'case-studies/ferry.mdx'), card(image));
  await writeFile(path.join(content, 'images/robin-1f2e3d4c.png'), await png(900, 600));
  await writeFile(path.join(content, 'images/halves-2b3c4d5e.png'), await halves(900, 600));
  await writeFile(path.join(content, 'images/never-named.png'), await png(700, 700, '#ef4444'));
  await writeFile(path.join(content, 'case-studies/ferry/ticket-0a1b2c3d.jpg'), await jpeg(1000, 625));
  await writeFile(path.join(publicDir, 'images/legacy.svg'), svg(640, 800));
  return { root: scratch, content, publicDir, compile: () => compileSite(content, publicDir, path.join(scratch!, 'private')) };
}

describe('the schema of image fields', () => {
  it('takes a path beside the content and a public/ path, with or without typed sizes', () => {
    for (const src of ['./images/me.png', './images/Trip Planner.png', '/images/me.svg', '../case-studies/x/y.jpg']) {
      expect(imageSchema.safeParse({ src, alt: 'Me' }).success, src).toBe(true);
    }
    expect(imageSchema.safeParse({ src: '/images/me.svg', alt: 'Me', width: 480, height: 480 }).success).toBe(true);
    for (const src of ['images/me.png', 'https://example.org/me.png', '//cdn/me.png', './me.png?x=1']) {
      expect(imageSchema.safeParse({ src, alt: 'Me' }).success, src).toBe(false);
    }
    expect(imageSchema.safeParse({ src: './images/me.png', alt: 'Me', width: 0 }).success).toBe(false);
  });

  it('a card image may be a story upload beside the case study, or a site path', () => {
    const card = (image: string) => caseStudyFrontmatterSchema.safeParse({ ...MINIMAL_CARD, image });
    expect(card('./ferry/wireframe-1a2b3c4d.png').success).toBe(true);
    expect(card('/images/card.svg').success).toBe(true);
    expect(siteSchema.shape.photos.shape.profile.shape.width.safeParse(undefined).success).toBe(true);
  });

  it('the editor and the build agree on where a field path points', () => {
    const profile = at(IMAGE_FIELDS, 0, 'the profile photo field');
    const cardImage = at(IMAGE_FIELDS, 2, 'the card image field');
    expect(imageRepoPath(profile, './images/me.png')).toBe('content/images/me.png');
    expect(imageRepoPath(profile, '/images/me.svg')).toBe('public/images/me.svg');
    expect(imageRepoPath(cardImage, './ferry/card.png')).toBe('content/case-studies/ferry/card.png');
    expect(imageRepoPath(cardImage, '../images/me.png')).toBe('content/images/me.png');
    expect(imageRepoPath(cardImage, '../../../x.png')).toBeNull();
    expect(imageSrcFor(profile, 'content/images/me-1a2b3c4d.png')).toBe('./images/me-1a2b3c4d.png');
    expect(imageSrcFor(cardImage, 'content/case-studies/ferry/a.png', 'content/case-studies/ferry.mdx')).toBe('./ferry/a.png');
  });
});

describe('image fields in the build', () => {
  it('reads both path forms, takes the size from the file (a typed size is ignored), and serves the original from the generated images', async () => {
    const site = await fixture({
      profile: { src: './images/robin-1f2e3d4c.png', width: 10, height: 10 },
      about: { src: '/images/legacy.svg' },
      image: './ferry/ticket-0a1b2c3d.jpg',
    });
    const { content, images } = await site.compile();
    const { profile, about } = content.site.photos;
    expect(profile).toMatchObject({ width: 900, height: 600, alt: 'Robin at a whiteboard' });
    expect(profile.src).toMatch(/^\/generated\/images\/robin-1f2e3d4c\.[0-9a-f]{10}\.png$/);
    expect(profile.sources.avif).toMatch(/robin-1f2e3d4c-160\.[0-9a-f]{10}\.avif 160w/);
    expect(about).toMatchObject({ width: 640, height: 800 });
    expect(about.src).toMatch(/^\/generated\/images\/legacy\.[0-9a-f]{10}\.svg$/);
    const ferry = at(content.cards, 0, 'the ferry card');
    expect(ferry).toMatchObject({ imageWidth: 1000, imageHeight: 625 });
    expect(ferry.image).toMatch(/^\/generated\/images\/ticket-0a1b2c3d\.[0-9a-f]{10}\.jpg$/);
    expect(ferry.imageSources.webp).toContain('ticket-0a1b2c3d-800.');
    expect(images.sourceOf(profile.src)).toBe(path.join(site.content, 'images/robin-1f2e3d4c.png'));

    // Written: the originals and their variants; a file nothing names is not among them.
    await writeImageVariants(images);
    const written = await readdir(path.join(site.publicDir, 'generated/images'));
    expect(written).toContain(path.basename(profile.src));
    expect(written).toContain(path.basename(ferry.image));
    expect(written.filter((name) => name.startsWith('robin-1f2e3d4c-')).length).toBeGreaterThanOrEqual(4);
    expect(written.some((name) => name.includes('never-named'))).toBe(false);
    expect([...images.outputs.values()].some((output) => output.source.includes('never-named'))).toBe(false);
  }, 180_000);

  it('the sharing cards are drawn from photos stored beside the content, before the variants are written', async () => {
    const site = await fixture({
      profile: { src: './images/robin-1f2e3d4c.png' },
      about: { src: './images/robin-1f2e3d4c.png' },
      image: './ferry/ticket-0a1b2c3d.jpg',
    });
    const { content, images } = await site.compile();
    await writeSocialImages(content, site.publicDir, images);
    const home = await sharp(path.join(site.publicDir, 'social/home.png')).metadata();
    expect({ width: home.width, height: home.height }).toEqual({ width: 1200, height: 630 });
  }, 180_000);

  it('a publish keeps the cards whose recipe is unchanged and draws only the ones its change touches, never across deploys', async () => {
    const site = await fixture({
      profile: { src: './images/robin-1f2e3d4c.png' },
      about: { src: './images/robin-1f2e3d4c.png' },
      image: './ferry/ticket-0a1b2c3d.jpg',
    });
    const { content, images } = await site.compile();
    const first = await renderSiteFiles(content, images);
    const cards = [...first.rendered.keys()].filter((sitePath) => sitePath.startsWith('/social/'));
    expect(cards).toEqual(expect.arrayContaining(['/social/home.png', '/social/resume.png']));
    const earlier = versionFiles(first.rendered);
    for (const card of cards) expect(earlier[card]?.recipe, card).toMatch(/^[0-9a-f]{64}$/);

    // Same content, same deploy: every card is kept, the PDF and icons are drawn as always.
    const same = await renderSiteFiles(content, images, { earlier, salt: 'deploy-1' });
    const again = await renderSiteFiles(content, images, { earlier: versionFiles(same.rendered), salt: 'deploy-1' });
    expect(Object.keys(again.kept).sort()).toEqual(cards.sort());
    expect([...again.rendered.keys()].filter((sitePath) => sitePath.startsWith('/social/'))).toEqual([]);
    expect(again.rendered.has('/resume.pdf')).toBe(true);

    // A new hero title: only the home page's card is drawn again.
    const retitled = { ...content, site: { ...content.site, hero: { ...content.site.hero, title: 'A title the card has not drawn' } } };
    const changed = await renderSiteFiles(retitled, images, { earlier: versionFiles(same.rendered), salt: 'deploy-1' });
    expect([...changed.rendered.keys()].filter((sitePath) => sitePath.startsWith('/social/'))).toEqual(['/social/home.png']);
    expect(changed.kept['/social/resume.png']).toEqual(versionFiles(same.rendered)['/social/resume.png']);

    // Another deploy's code may draw differently: nothing is kept.
    const redeployed = await renderSiteFiles(content, images, { earlier: versionFiles(same.rendered), salt: 'deploy-2' });
    expect(redeployed.kept).toEqual({});
  }, 180_000);

  it('the sharing cards, the favicons and the resume PDF take her accent; the original look keeps the original colours', async () => {
    const site = await fixture({
      profile: { src: './images/robin-1f2e3d4c.png' },
      about: { src: './images/robin-1f2e3d4c.png' },
      image: './ferry/ticket-0a1b2c3d.jpg',
    });
    const { content, images } = await site.compile();
    const pixel = async (file: string, x: number, y: number) => {
      const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * info.channels;
      return `#${[...data.subarray(at, at + 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    };
    const pdfFills = (bytes: Buffer) => bytes.toString('latin1');
    const drawn = async (look: typeof content.site.look) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'look-files-'));
      const withLook = { ...content, site: { ...content.site, look } };
      await writeSocialImages(withLook, dir, images);
      await writeIcons(withLook.site, dir);
      const pdf = renderResumePdf(withLook, { compress: false });
      const chunks: Buffer[] = [];
      for await (const chunk of pdf) chunks.push(chunk as Buffer);
      const colours = {
        bar: await pixel(path.join(dir, 'social/home.png'), 600, 626),
        tile: await pixel(path.join(dir, 'favicon-96x96.png'), 8, 48),
      };
      await rm(dir, { recursive: true, force: true });
      return { ...colours, pdf: pdfFills(Buffer.concat(chunks)) };
    };
    // pdfkit sets a fill as its three channels over 255, then `scn`.
    const rg = (hex: string) => `${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).join(' ')} scn`;

    const original = await drawn(content.site.look);
    expect(original.bar).toBe('#4f46e5');
    expect(original.tile).toBe('#4f46e5');
    expect(original.pdf).toContain(rg('#4338ca'));

    const teal = { ...content.site.look, accent: '#0f766e' };
    const colours = fileColours(teal);
    const tealFiles = await drawn(teal);
    expect(tealFiles.bar).toBe(colours.accent);
    expect(tealFiles.tile).toBe(colours.accent);
    expect(tealFiles.pdf).toContain(rg(colours.accentText));
    expect(tealFiles.pdf).not.toContain(rg('#4338ca'));
    // Pure yellow cannot be text on white: the files use the deeper shade her pages use.
    const yellow = fileColours({ ...content.site.look, accent: '#ffff00' });
    expect(contrast(yellow.accentText, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(yellow.accent, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  }, 180_000);

  it("a photo's focal point reaches the page data, and the sharing card crops at it", async () => {
    // The home page's sharing card draws the profile photo in a 448 × 550 panel at (712, 40): a landscape photo is cut to a tall frame.
    const panelCentre = async (focus: string | undefined) => {
      const site = await fixture({
        profile: { src: './images/halves-2b3c4d5e.png', ...(focus ? { focus } : {}) },
        about: { src: '/images/legacy.svg' },
        image: './ferry/ticket-0a1b2c3d.jpg',
      });
      const { content, images } = await site.compile();
      expect(content.site.photos.profile.focus).toBe(focus);
      await writeSocialImages(content, site.publicDir, images);
      const { data, info } = await sharp(path.join(site.publicDir, 'social/home.png')).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
      ];
      const pixel = at(712 + 224, 40 + 275);
      await rm(site.root, { recursive: true, force: true });
      return pixel;
    };
    // Kept at the left edge, the frame shows the red half; at the right edge, the blue one.
    expect(await panelCentre('0% 50%')).toEqual([255, 0, 0]);
    expect(await panelCentre('100% 50%')).toEqual([0, 0, 255]);
    expect(await panelCentre('20% 50%')).toEqual([255, 0, 0]);
    expect(await panelCentre('80% 50%')).toEqual([0, 0, 255]);
  }, 180_000);

  it('a focal point that is not two percentages stops the build with the field, its line and how to write it', async () => {
    const site = await fixture({
      profile: { src: './images/robin-1f2e3d4c.png', focus: 'top' },
      about: { src: '/images/legacy.svg' },
      image: './ferry/ticket-0a1b2c3d.jpg',
    });
    const error = await site.compile().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ContentError);
    expect((error as Error).message).toMatch(
      /content\/site\.yml[\s\S]*line \d+: field "photos\.profile\.focus": must be two percentages, across then down from the top left, such as "50% 30%"/,
    );
  });

  it.each([
    ['a missing photo', { src: './images/gone.png' }, 'field "photos.profile.src": no image at content/images/gone.png'],
    ['a photo outside content/', { src: '../../outside.png' }, 'field "photos.profile.src": "../../outside.png" points outside content/'],
    ['a missing public/ photo', { src: '/images/gone.svg' }, 'field "photos.profile.src": no image at public/images/gone.svg'],
    ['a GIF', { src: './images/anim.gif' }, 'field "photos.profile.src": "./images/anim.gif" is not an image the site can show (.gif)'],
  ])('%s stops the build with the file and the field', async (_name, profile, message) => {
    const site = await fixture({ profile, about: { src: '/images/legacy.svg' }, image: './ferry/ticket-0a1b2c3d.jpg' });
    const error = await site.compile().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ContentError);
    expect((error as Error).message).toContain('content/site.yml');
    expect((error as Error).message).toContain(message);
  });

  it('a missing card image names the case study and its field', async () => {
    const site = await fixture({
      profile: { src: './images/robin-1f2e3d4c.png' },
      about: { src: '/images/legacy.svg' },
      image: './ferry/nope.png',
    });
    await expect(site.compile()).rejects.toThrow(
      /content\/case-studies\/ferry\.mdx[\s\S]*field "image": no image at content\/case-studies\/ferry\/nope\.png/,
    );
  });
});

// @module-tag slow
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import matter from 'gray-matter';
import { parse as parseYaml } from 'yaml';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { caseStudySocialCard, homeSocialCard, resumeSocialCard, SOCIAL_IMAGE_DIR } from '~/seo/social-image';
import { ImagePlan } from '../../pipeline/images';
import { bodyValue, caretAfter, openEditor } from '../helpers/site/body-editor';
import { buildClone, serveClone, type BuiltClone } from '../helpers/start/built-clone';
import { remoteFile } from '../helpers/start/git-remote';
import {
  colourAt,
  designerImages,
  expectNoSideways,
  fill,
  fillFields,
  imageFileOnRemote,
  listButton,
  near,
  onRemote,
  openHydrated,
  publish,
  remoteBytes,
  sampleSiteFiles,
  sizeOf,
  startSampleEditorStack,
  uploadToField,
  type Upload,
} from '../helpers/site/make-it-yours';
import { findSample, findSampleIn, readSample, type Finding } from '../helpers/data/sample-scan';
import { crawl, fetchPublicFiles, type SiteResponse } from '../helpers/site/site-responses';
import { at, group, must } from '../helpers/must';
import { waitFor } from '../helpers/wait';
import { waitForReady } from '../helpers/site/e2e';
import { useEditorSuite } from '../helpers/suite/editor-suite';
import { signInPage } from '../helpers/site/owner-session';

/**
 * Issue's bar, end to end: starting from the sample content as shipped, a
 * designer makes the site hers in Chromium only (site details and one resume
 * role on a 375 px phone; both photos, a card image and two story images by
 * upload; every resume entry; the three sample case studies deleted and one
 * of her own made). Then the remote's branch is cloned and built as a deploy
 * would, and no response of that site (pages, data requests, the PDF, the
 * sharing cards, every served file, the sitemap) carries the sample's name,
 * employers or images; and "Make it yours" lists nothing. The sample is read
 * from the seeded files; the same scan is first shown to find it in the
 * site as shipped.
 */

const SEED = sampleSiteFiles();
const SAMPLE = readSample(SEED);
const SITE_URL = 'https://portfolio.example.test';
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

const seededSite = parseYaml(must(SEED['content/site.yml'], 'the seeded content/site.yml').toString()) as {
  about: { paragraphs: string[]; interests: string[]; highlights: unknown[] };
  photos: { profile: { src: string }; about: { src: string } };
};
const seededResume = matter(must(SEED['content/resume.mdx'], 'the seeded content/resume.mdx').toString()).data as {
  experience: { bullets: string[] }[];
  education: unknown[];
  skills: { items: string[] }[];
  certifications: unknown[];
  languages: unknown[];
};

const JORDAN = {
  name: 'Jordan Rivera',
  email: 'hello@jordanrivera.example',
  linkedin: 'https://www.linkedin.com/in/jordan-rivera-design',
  website: 'https://jordanrivera.example',
};
const EMPLOYERS = ['Cascade Transit Authority', 'Northwind Health', 'Civic Labs Studio', 'Harbor & Pine', 'Lumen Works'];
const CASE_STUDY = { title: 'Night Bus Wayfinding', slug: 'night-bus-wayfinding' };

const editor = useEditorSuite(() => startSampleEditorStack('make it yours password', SEED));
const { chromium } = editor;
let images: Awaited<ReturnType<typeof designerImages>>;
beforeAll(async () => {
  images = await designerImages();
});

/** A signed-in page of the file's browser, at 1280 px unless `options` say otherwise (a phone: PHONE). */
async function signedIn(options: BrowserContextOptions = {}): Promise<Page> {
  const page = await chromium.openPage({ viewport: { width: 1280, height: 900 }, ...options });
  await signInPage(page, editor.url, editor.stack.password);
  return page;
}

const sampleItems = (page: Page) => page.locator('[data-sample-item]');

/** Everything the built site answers: the pages and all they lead to (each page's data request too), and every file of its public output. */
async function responsesOf(clone: BuiltClone, serverUrl: string): Promise<SiteResponse[]> {
  const start = [
    '/',
    '/resume',
    '/privacy',
    '/shared',
    '/sitemap.xml',
    '/robots.txt',
    '/no-such-page',
    '/s/not-a-share-link',
    ...Object.keys(clone.content.caseStudies).map((slug) => `/case-study/${slug}`),
    ...SAMPLE.caseStudies.map(({ slug }) => `/case-study/${slug}`),
  ];
  return [...(await crawl(serverUrl, SITE_URL, start)), ...(await fetchPublicFiles(serverUrl, clone.publicDir))];
}

/** What of the sample each response carries. */
function scan(responses: SiteResponse[]): Finding[] {
  return responses.flatMap((response) => findSampleIn(response.path, response.contentType, response.body, SAMPLE.markers));
}

/** Findings as one line each (where, what, and the words around it), for a failure message a person can read. */
const lines = (findings: Finding[]) => [...new Set(findings.map(({ where, what, excerpt }) => `${where}: ${what} in “…${excerpt}…”`))];

/** Short hashes the image pipeline would name the sample's images by (variants and copies), and their SHA-256s. */
async function sampleImageFingerprints(): Promise<{ names: string[]; sha256: Set<string> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sample-images-'));
  try {
    const plan = new ImagePlan(dir);
    const names: string[] = [];
    for (const [file, bytes] of Object.entries(SAMPLE.images)) {
      const copy = path.join(dir, `${names.length}-${path.basename(file)}`);
      writeFileSync(copy, bytes);
      names.push(group(/\.([0-9a-f]{10})\.\w+$/.exec(await plan.copy(copy)), 'a hash in the copied image name'));
      names.push(group(/\.([0-9a-f]{10})\.avif/.exec((await plan.responsive(copy, [400])).avif), 'a hash in the AVIF variant name'));
    }
    const sha256 = new Set(Object.values(SAMPLE.images).map((bytes) => createHash('sha256').update(bytes).digest('hex')));
    return { names, sha256 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the scan, on the site as shipped', () => {
  it('finds the sample in a page, a data request, the PDF, an image and the sitemap; "Make it yours" lists it', async () => {
    const clone = await buildClone(editor.stack.remote);
    const server = await serveClone(clone, SITE_URL);
    try {
      const findings = scan(await responsesOf(clone, server.url));
      const where = new Set(findings.map((finding) => finding.where));
      expect(where).toContain('/');
      expect(where).toContain('/_root.data');
      expect(where).toContain('/resume.pdf');
      expect(where).toContain('/sitemap.xml');
      expect(
        findings.some((finding) => finding.what.includes(at(SAMPLE.employers, 0, 'a sample employer')) && finding.where === '/resume.pdf'),
      ).toBe(true);
    } finally {
      await server.stop();
      clone.dispose();
    }
    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content`);
    expect(await sampleItems(page).count()).toBeGreaterThan(0);
  }, 300_000);
});

describe('in the browser only, the designer', () => {
  // Each step's pages closed after it, with no console error or uncaught error on them.
  afterEach(async () => {
    const errors = chromium.errors();
    await chromium.closePages();
    expect(errors, 'console errors in the editor').toEqual([]);
  });

  it('at 375 px: replaces the site details, her links and both photos by upload', async () => {
    const page = await signedIn(PHONE);
    await openHydrated(page, `${editor.url}/admin/content/site.yml`);
    await fillFields(page, {
      name: JORDAN.name,
      initials: 'JR',
      role: 'Senior Product Designer',
      email: JORDAN.email,
      linkedin: JORDAN.linkedin,
      website: JORDAN.website,
      location: 'Portland, Oregon',
      description: 'Jordan Rivera designs transit, health and civic services that people can use on the first try.',
      'hero.badge': 'Open to lead roles',
      'hero.title': 'Design that moves people',
      'hero.subtitle': 'I’m Jordan, a product designer who makes public services feel simple, from the bus stop to the clinic.',
      'about.title': 'About Jordan',
      'work.subtitle': 'Transit, health and civic services, and what changed for the people who use them.',
      'contact.subtitle': 'Building a public service people struggle with? Tell me about it.',
      'cta.subtitle': 'I’m looking for a lead role on a civic or transit product.',
      // The texts of the pages that say why something is not shown.
      'notFound.subtitle': 'Nothing of mine lives at this address. My work is one click away.',
      'locked.note': 'This project is under NDA. Write to me for the password: {email}',
      'locked.noPasswordNote': 'This project is under NDA and not open yet. Write to me at {email} to see it.',
      'shared.subtitleOne': '{name} opened this project for you. Please keep it within your hiring team.',
      'shared.subtitleMany': '{name} opened these {count} projects for you. Please keep them within your hiring team.',
      'shareLink.expiredText': 'Ask me for a fresh link: {email}.',
      'shareLink.unknownText': 'Check the whole link was copied, or ask me for a fresh one: {email}.',
      'shareLink.limitedText': 'Wait a few minutes, then try the link again.',
      'shareLink.unavailableText': 'Try again in a minute, or write to me: {email}.',
    });
    for (const [i] of seededSite.about.paragraphs.entries())
      await fill(
        page,
        `about.paragraphs.${i}`,
        `Paragraph ${i + 1} of Jordan’s story: riders, patients and residents first, then the systems behind them.`,
      );
    for (const [i] of seededSite.about.interests.entries())
      await fill(
        page,
        `about.interests.${i}`,
        ['Night cycling', 'Letterpress', 'Choir', 'Urban sketching', 'Bread baking', 'Sea kayaking'][i] ?? `Interest ${i + 1}`,
      );
    for (const [i] of seededSite.about.highlights.entries()) {
      await fill(page, `about.highlights.${i}.value`, String(10 + i));
      await fill(page, `about.highlights.${i}.label`, `Jordan’s figure ${i + 1}`);
    }
    await uploadToField(page, 'photos.profile', images.portrait);
    await fill(page, 'photos.profile.alt', 'Jordan Rivera, smiling, in front of a tram map');
    await uploadToField(page, 'photos.about', images.about);
    await fill(page, 'photos.about.alt', 'Jordan at a whiteboard, sorting sticky notes from a rider survey');
    await expectNoSideways(page, 375);
    await publish(page);

    const site = parseYaml(remoteFile(editor.stack.remote, 'content/site.yml')) as {
      name: string;
      email: string;
      photos: Record<'profile' | 'about', { src: string; width?: number; height?: number; alt: string }>;
    };
    expect(site).toMatchObject({ name: JORDAN.name, email: JORDAN.email, linkedin: JORDAN.linkedin, website: JORDAN.website });
    // Each photo is the uploaded file, its size read from it.
    for (const [field, upload] of [
      ['profile', images.portrait],
      ['about', images.about],
    ] as const) {
      const photo = site.photos[field];
      expect(photo.src).not.toBe(seededSite.photos[field].src);
      const stored = remoteBytes(editor.stack.remote, imageFileOnRemote(editor.stack.remote, 'content/site.yml', photo.src));
      expect(await sizeOf(stored)).toEqual({ width: upload.width, height: upload.height });
      // Typed sizes are still accepted, but an upload's are the file's (or left to the build to read).
      if (photo.width !== undefined || photo.height !== undefined)
        expect({ width: photo.width, height: photo.height }).toEqual({ width: upload.width, height: upload.height });
    }
  }, 180_000);

  it('at 375 px: replaces the first resume role, adding a bullet and removing one', async () => {
    const page = await signedIn(PHONE);
    await openHydrated(page, `${editor.url}/admin/content/resume.mdx`);
    const bullets = at(seededResume.experience, 0, 'a seeded role').bullets.length;
    await fill(page, 'experience.0.title', 'Lead Product Designer');
    await fill(page, 'experience.0.company', at(EMPLOYERS, 0, 'an employer'));
    await fill(page, 'experience.0.location', 'Portland, OR');
    await fill(page, 'experience.0.years', '2020 – Present');
    for (let b = 0; b < bullets; b++)
      await fill(page, `experience.0.bullets.${b}`, `Role one, result ${b + 1}: riders found their stop ${b + 2}× faster.`);
    await listButton(page, 'list:add:experience.0.bullets', () =>
      page.locator(`[name="experience.0.bullets.${bullets}"]`).count().then(Boolean),
    );
    await fill(page, `experience.0.bullets.${bullets}`, 'Role one, the added result: night riders rated the trip planner 4.7.');
    await listButton(
      page,
      'list:remove:experience.0.bullets.1',
      async () => (await page.locator('[data-editor-form] [name^="experience.0.bullets."]').count()) === bullets,
    );
    await expectNoSideways(page, 375);
    await publish(page);

    const resume = matter(remoteFile(editor.stack.remote, 'content/resume.mdx')).data as {
      experience: { company: string; bullets: string[] }[];
    };
    expect(resume.experience[0]?.company).toBe(EMPLOYERS[0]);
    expect(resume.experience[0]?.bullets).toHaveLength(bullets);
    expect(at(resume.experience, 0, 'the first role').bullets).not.toContain('Role one, result 2: riders found their stop 3× faster.');
    expect(resume.experience[0]?.bullets.at(-1)).toBe('Role one, the added result: night riders rated the trip planner 4.7.');
  }, 180_000);

  it('replaces every other resume entry and the summary', async () => {
    const page = await signedIn();
    await openEditor(page, `${editor.url}/admin/content/resume.mdx`);
    await fill(page, 'headline', 'Senior Product Designer');
    await fill(page, 'location', 'Portland, Oregon');
    for (const [i, role] of seededResume.experience.entries()) {
      if (i === 0) continue;
      await fill(page, `experience.${i}.title`, i === 1 ? 'Senior Product Designer' : 'Product Designer');
      await fill(page, `experience.${i}.company`, at(EMPLOYERS, i % EMPLOYERS.length, 'an employer'));
      await fill(page, `experience.${i}.location`, 'Seattle, WA');
      await fill(page, `experience.${i}.years`, `${2019 - 3 * i} – ${2022 - 3 * i}`);
      for (const [b] of role.bullets.entries())
        await fill(page, `experience.${i}.bullets.${b}`, `Role ${i + 1}, result ${b + 1}: fewer missed appointments, clearer forms.`);
    }
    for (const [i] of seededResume.education.entries()) {
      await fill(page, `education.${i}.degree`, 'B.A. in Industrial Design');
      await fill(page, `education.${i}.school`, 'Pacific Northwest College of Art');
      await fill(page, `education.${i}.year`, String(2010 + i));
    }
    for (const [i, skillGroup] of seededResume.skills.entries()) {
      await fill(page, `skills.${i}.group`, ['Craft', 'Research', 'Delivery', 'Leadership'][i] ?? `Skills ${i + 1}`);
      for (const [j] of skillGroup.items.entries()) await fill(page, `skills.${i}.items.${j}`, `Jordan’s skill ${i + 1}.${j + 1}`);
    }
    for (const [i] of seededResume.certifications.entries()) {
      await fill(page, `certifications.${i}.name`, 'Service Design Certificate');
      await fill(page, `certifications.${i}.issuer`, 'Portland Design Institute');
      await fill(page, `certifications.${i}.year`, String(2021 + i));
    }
    for (const [i] of seededResume.languages.entries()) {
      await fill(page, `languages.${i}.name`, ['English', 'Portuguese', 'French'][i] ?? `Language ${i + 1}`);
      await fill(page, `languages.${i}.level`, i === 0 ? 'Native' : 'Professional');
    }
    await page.locator('[data-view="source"]').click();
    await page
      .locator('textarea[data-body-source]')
      .fill(
        'Product designer with ten years in transit, health and civic services, who turns field research into services people use on the first try.\n',
      );
    await publish(page);
    const resume = remoteFile(editor.stack.remote, 'content/resume.mdx');
    for (const employer of SAMPLE.employers)
      expect(findSample('resume.mdx', resume, [{ what: employer, pattern: new RegExp(employer, 'i') }])).toEqual([]);
  }, 180_000);

  it('makes a case study of her own, with a card image and two story images, and publishes it', async () => {
    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content`);
    await page.locator('#new-case-study-title').fill(CASE_STUDY.title);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(new RegExp(`/admin/content/case-studies/${CASE_STUDY.slug}\\.mdx\\?created=1`));
    await page.locator('select[name="status"]').selectOption('published');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/saved=1/);
    await waitForReady(page);
    await fill(
      page,
      'description',
      'Late-night riders could not tell which stop their bus left from. Clear signs and a live map fixed that.',
    );
    await uploadToField(page, 'image', images.card);
    await fillFields(page, {
      alt: 'A night bus stop with a lit sign showing the next three departures',
      'tags.0': 'Service Design',
      role: 'Lead Product Designer',
      timeline: '5 months',
      impact: 'Missed buses down by a third',
      'page.summary':
        'Riders of the night network missed buses because stops were unlit and unlabelled. I led the redesign of signs and the trip planner.',
      'page.client': at(EMPLOYERS, 0, 'an employer'),
      'page.timeline': '5 months',
    });
    // The team and the outcomes each need one: the form starts them with one row to fill.
    await fill(page, 'page.team.0', 'Two designers, a researcher and four engineers');
    await fill(page, 'page.outcomes.0.label', 'Missed buses');
    await fill(page, 'page.outcomes.0.value', '-33%');

    // The story: written in the source view, its two images added through the visual editor's image button.
    await page.locator('[data-mdx-body][data-body-editor="ready"] [contenteditable="true"]').first().waitFor();
    await page.locator('[data-view="source"]').click();
    await page
      .locator('textarea[data-body-source]')
      .fill(
        '## The problem\n\nRiders waited at the wrong stop after dark.\n\n## The approach\n\nWe surveyed riders at twelve stops and sketched new routes.\n\n## The outcome\n\nMissed buses fell by a third.\n',
      );
    await page.locator('[data-view="visual"]').click();
    for (const [paragraph, word, upload, alt] of [
      ['We surveyed riders at twelve stops', 'routes.', images.storyOne, 'Survey cards from riders at a night stop'],
      ['Missed buses fell by a third.', 'third.', images.storyTwo, 'A sketch of the night routes on a city map'],
    ] as [string, string, Upload, string][]) {
      await caretAfter(page, paragraph, word);
      await page.locator('[data-insert-image]').click();
      const dialog = page.locator('form[data-image-dialog]');
      await dialog.locator('input[type="file"]').setInputFiles(upload);
      await dialog.getByLabel('Alt text').fill(alt);
      await dialog.getByRole('button', { name: 'Upload and insert' }).click();
      await waitFor(async () => (await bodyValue(page)).includes(`![${alt}](`), {
        timeoutMs: 30_000,
        what: `the image "${alt}" in the story`,
      });
    }
    await publish(page);

    const file = `content/case-studies/${CASE_STUDY.slug}.mdx`;
    const { data, content } = matter(remoteFile(editor.stack.remote, file));
    expect(data).toMatchObject({ title: CASE_STUDY.title, status: 'published' });
    const card = remoteBytes(editor.stack.remote, imageFileOnRemote(editor.stack.remote, file, data.image as string));
    expect(await sizeOf(card)).toEqual({ width: images.card.width, height: images.card.height });
    const storyImages = [...content.matchAll(/!\[[^\]]*\]\((\S+?)(?:\s+"[^"]*")?\)/g)].map((match) =>
      group(match, 'an image path in the story'),
    );
    expect(storyImages).toHaveLength(2);
    for (const src of storyImages)
      expect(onRemote(editor.stack.remote, path.posix.join(path.posix.dirname(file), decodeURI(src)))).toBe(true);
  }, 240_000);

  it('deletes the three sample case studies from the list', async () => {
    const page = await signedIn();
    for (const { slug, title } of SAMPLE.caseStudies) {
      await page.goto(`${editor.url}/admin/content`);
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      await page.getByRole('button', { name: 'Delete case study' }).click();
      // A bound, not a pace: each delete is checked like a publish, committed and pushed (over 30 s on a busy machine).
      await page.waitForURL(/deleted=/, { timeout: 120_000 });
      expect(onRemote(editor.stack.remote, `content/case-studies/${slug}.mdx`)).toBe(false);
      expect(onRemote(editor.stack.remote, `content/case-studies/${slug}`)).toBe(false);
    }
    const listed = await page
      .locator('[data-content-item^="case-studies/"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-content-item')));
    expect(listed).toEqual([`case-studies/${CASE_STUDY.slug}.mdx`]);
  }, 420_000);

  it('finds nothing left in "Make it yours"', async () => {
    const page = await signedIn();
    await page.goto(`${editor.url}/admin/content`);
    const left = await sampleItems(page).evaluateAll((items) =>
      items.map((item) => `${item.textContent?.trim()} → ${item.querySelector('a')?.getAttribute('href')}`),
    );
    expect(left).toEqual([]);
  });
});

describe('the site built from her branch', () => {
  let clone: BuiltClone;
  let server: Awaited<ReturnType<typeof serveClone>>;
  let responses: SiteResponse[];

  beforeAll(async () => {
    clone = await buildClone(editor.stack.remote);
    server = await serveClone(clone, SITE_URL);
    responses = await responsesOf(clone, server.url);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    clone?.dispose();
  });

  it('answers her pages, and no response carries the sample’s name, employers or case studies', () => {
    const status = (at: string) => responses.find((response) => response.path === at)?.status;
    expect([
      status('/'),
      status('/resume'),
      status('/privacy'),
      status(`/case-study/${CASE_STUDY.slug}`),
      status('/resume.pdf'),
      status('/sitemap.xml'),
    ]).toEqual([200, 200, 200, 200, 200, 200]);
    expect(status('/no-such-page')).toBe(404);
    // The build read the photos' and the card's sizes from her files.
    const { site, cards } = clone.content;
    expect([site.photos.profile, site.photos.about].map(({ width, height }) => ({ width, height }))).toEqual(
      [images.portrait, images.about].map(({ width, height }) => ({ width, height })),
    );
    expect(cards.map(({ slug, imageWidth, imageHeight }) => ({ slug, imageWidth, imageHeight }))).toEqual([
      { slug: CASE_STUDY.slug, imageWidth: images.card.width, imageHeight: images.card.height },
    ]);
    for (const { slug } of SAMPLE.caseStudies) expect(status(`/case-study/${slug}`)).toBe(404);
    // Hers are there instead: the scan reads what it should.
    const home = responses.find((response) => response.path === '/')!.body.toString();
    expect(home).toContain(JORDAN.name);
    expect(home).toContain(CASE_STUDY.title);
    expect(responses.filter((response) => response.status >= 500).map((response) => response.path)).toEqual([]);
    expect(lines(scan(responses))).toEqual([]);
  });

  it('serves none of the sample’s images, as they were or through the image pipeline', async () => {
    const { names, sha256 } = await sampleImageFingerprints();
    const served = responses.filter((response) => response.status === 200);
    const copies = [
      ...new Set(
        served.filter((response) => sha256.has(createHash('sha256').update(response.body).digest('hex'))).map((response) => response.path),
      ),
    ];
    const variants = [
      ...new Set(served.filter((response) => names.some((hash) => response.path.includes(`.${hash}.`))).map((response) => response.path)),
    ];
    expect({ copies, variants }).toEqual({ copies: [], variants: [] });
  });

  it('draws the sharing cards from her content: her words, her photos and her card image', async () => {
    const { site, resume, caseStudies } = clone.content;
    const cards = [
      homeSocialCard(site),
      resumeSocialCard(site.name, resume, site.about.highlights),
      ...Object.values(caseStudies).map((study) => caseStudySocialCard(study, site)),
    ];
    expect(lines(findSample('sharing cards', JSON.stringify(cards), SAMPLE.markers))).toEqual([]);
    const served = [
      ...new Set(
        responses
          .filter((response) => response.path.startsWith(`/${SOCIAL_IMAGE_DIR}/`) && response.path.endsWith('.png'))
          .map((response) => response.path),
      ),
    ];
    expect(served.sort()).toEqual(cards.map((card) => card.path).sort());
    // The illustration panel's middle (pipeline/social-images.ts) shows her picture.
    const png = (at: string) => responses.find((response) => response.path === at)!.body;
    expect(near(await colourAt(png(`/${SOCIAL_IMAGE_DIR}/home.png`), 936, 315), images.portrait.colour)).toBe(true);
    expect(near(await colourAt(png(`/${SOCIAL_IMAGE_DIR}/resume.png`), 936, 315), images.about.colour)).toBe(true);
    expect(near(await colourAt(png(`/${SOCIAL_IMAGE_DIR}/case-study-${CASE_STUDY.slug}.png`), 936, 315), images.card.colour)).toBe(true);
  });

  it('in Chromium, no page shows or loads anything of the sample', async () => {
    const page = await chromium.openPage({ viewport: { width: 1280, height: 900 } });
    const findings: Finding[] = [];
    const read: Promise<void>[] = [];
    page.on('response', (response) => {
      read.push(
        response.body().then(
          (body) =>
            void findings.push(
              ...findSampleIn(new URL(response.url()).pathname, response.headers()['content-type'] ?? '', body, SAMPLE.markers),
            ),
          () => undefined, // a redirect has no body
        ),
      );
    });
    for (const at of ['/', '/resume', '/privacy', `/case-study/${CASE_STUDY.slug}`, '/no-such-page']) {
      await page.goto(server.url + at, { waitUntil: 'networkidle' });
      // Lazy images below the fold too.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      findings.push(...findSample(at, `${await page.title()}\n${await page.locator('body').innerText()}`, SAMPLE.markers));
    }
    await Promise.all(read);
    expect(read.length).toBeGreaterThan(10);
    expect(lines(findings)).toEqual([]);
  }, 120_000);
});

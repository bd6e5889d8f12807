import { createHash } from 'node:crypto';
import path from 'node:path';
import type { SampleFingerprints } from './sample-fingerprints';
import type { SampleItem } from './sample-item';
import { CONTACT_WORDS, CTA_WORDS, LOCKED_WORDS, NOT_FOUND_WORDS, SHARE_LINK_WORDS, SHARED_WORDS, WORK_WORDS } from '~/content/site-words';

export type { SampleItem } from './sample-item';

/**
 * What of the sample designer a site still holds, told by fingerprints of the
 * sample the repository shipped with (sample-fingerprints.ts): a short hash
 * of each sample text, and the git blob id (a hash of the bytes) of each
 * sample image. The content is compared with those hashes only, so no
 * component compares against the sample's words, and the fingerprints keep
 * working after the designer has replaced every file of content/.
 *
 * Pure: the caller reads the branch (sample-check.server.ts) or the disk
 * (scripts/sample-fingerprints.ts) into a ContentSnapshot.
 */

export type ContentSnapshot = {
  /** site.yml's data, as YAML reads it (null when it does not read). */
  site: unknown;
  /** resume.mdx's frontmatter and its text below it (the summary). */
  resume: { data: unknown; body: string } | null;
  caseStudies: { contentPath: string; slug: string; title: string; image?: string }[];
  /** The git blob id of each image file the content names, by its path in the repository. */
  blobIds: Map<string, string>;
};

type Kind = keyof SampleFingerprints;

/** Whitespace differences (a YAML line fold) are not changes. */
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A short hash of a text (16 hex digits: a coincidence is out of reach, and the file stays small). */
export function fingerprint(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? normalise(String(value)) : normalise(JSON.stringify(value ?? null));
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Where an image the content names lives in the repository: a site path is under public/, anything else beside content/. */
export function repoPathOfImage(src: string): string | null {
  if (typeof src !== 'string' || !src.trim() || /^[a-z]+:/i.test(src)) return null;
  const [clean = ''] = src.trim().split(/[?#]/, 1);
  const joined = clean.startsWith('/') ? path.posix.join('public', clean) : path.posix.join('content', clean);
  return joined.startsWith('public/') || joined.startsWith('content/') ? joined : null;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const texts = (value: unknown): string[] => list(value).filter((item): item is string => typeof item === 'string');

/** A list of groups compared as a whole, key order aside (skills, languages, highlights). */
function listPrint(value: unknown): string {
  const items = list(value).map((item) => {
    if (typeof item !== 'object' || item === null) return normalise(String(item));
    const entries = Object.entries(record(item)).map(
      ([key, child]) => [key, Array.isArray(child) ? child.map((c) => normalise(String(c))) : normalise(String(child))] as const,
    );
    return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  });
  return fingerprint(items);
}

function photosOf(site: Record<string, unknown>) {
  const photos = record(site.photos);
  return (['profile', 'about'] as const).map(
    (key) => ({ key, ...record(photos[key]) }) as { key: 'profile' | 'about'; src?: unknown; alt?: unknown },
  );
}

/** The fingerprints of a content set: what `npm run sample-fingerprints` writes for the sample. */
export function fingerprintsOf(content: ContentSnapshot): SampleFingerprints {
  const prints: SampleFingerprints = {
    name: [],
    email: [],
    linkedin: [],
    website: [],
    location: [],
    description: [],
    introduction: [],
    aboutText: [],
    interests: [],
    highlights: [],
    photoAlt: [],
    image: [],
    summary: [],
    company: [],
    bullet: [],
    school: [],
    certification: [],
    skills: [],
    languages: [],
    caseStudySlug: [],
    caseStudyTitle: [],
  };
  const add = (kind: Kind, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    const print = fingerprint(value);
    if (!prints[kind].includes(print)) prints[kind].push(print);
  };
  const addImage = (src: unknown) => {
    const repoPath = typeof src === 'string' ? repoPathOfImage(src) : null;
    const blob = repoPath ? content.blobIds.get(repoPath) : undefined;
    if (blob && !prints.image.includes(blob)) prints.image.push(blob);
  };
  const site = record(content.site);
  for (const key of ['name', 'email', 'linkedin', 'website', 'location', 'description'] as const) add(key, site[key]);
  add('introduction', record(site.hero).subtitle);
  const about = record(site.about);
  texts(about.paragraphs).forEach((paragraph) => add('aboutText', paragraph));
  if (list(about.interests).length) prints.interests.push(listPrint(about.interests));
  if (list(about.highlights).length) prints.highlights.push(listPrint(about.highlights));
  for (const photo of photosOf(site)) {
    add('photoAlt', photo.alt);
    addImage(photo.src);
  }
  const resume = record(content.resume?.data);
  add('location', resume.location);
  if (content.resume?.body.trim()) add('summary', content.resume.body);
  for (const role of list(resume.experience).map(record)) {
    add('company', role.company);
    texts(role.bullets).forEach((bullet) => add('bullet', bullet));
  }
  list(resume.education)
    .map(record)
    .forEach((entry) => add('school', entry.school));
  list(resume.certifications)
    .map(record)
    .forEach((entry) => add('certification', entry.name));
  if (list(resume.skills).length) prints.skills.push(listPrint(resume.skills));
  if (list(resume.languages).length) prints.languages.push(listPrint(resume.languages));
  for (const study of content.caseStudies) {
    add('caseStudySlug', study.slug);
    add('caseStudyTitle', study.title);
    addImage(study.image);
  }
  return prints;
}

/** A site word left out of site.yml, or written as it shipped. */
const isShipped = (value: unknown, sentence: string) =>
  value === undefined || value === null || value === '' || normalise(String(value)) === normalise(sentence);

/**
 * The pages that say why something is not shown, each with its texts under
 * the heading as they shipped (its headings and buttons are the site's, as
 * "Case Studies" is), named as Make it yours names the page.
 */
const PAGE_SENTENCES: [group: string, what: string, shipped: Record<string, string>][] = [
  ['notFound', 'The text of the page a wrong address opens', { subtitle: NOT_FOUND_WORDS.subtitle }],
  [
    'locked',
    'The notes on a private case study before the password',
    { note: LOCKED_WORDS.note, noPasswordNote: LOCKED_WORDS.noPasswordNote },
  ],
  [
    'shared',
    'The text above the case studies a share link opens',
    { subtitleOne: SHARED_WORDS.subtitleOne, subtitleMany: SHARED_WORDS.subtitleMany },
  ],
  [
    'shareLink',
    'The texts of a share link that no longer opens',
    {
      expiredText: SHARE_LINK_WORDS.expiredText,
      unknownText: SHARE_LINK_WORDS.unknownText,
      limitedText: SHARE_LINK_WORDS.limitedText,
      unavailableText: SHARE_LINK_WORDS.unavailableText,
    },
  ],
];

const SITE = '/admin/content/site.yml';
const RESUME = '/admin/content/resume.mdx';
/** The editor's input ids (FieldControls' inputId): dots become hyphens. */
const anchor = (page: string, name: string) => `${page}#field-${name.replace(/\./g, '-')}`;

/** Everything of `content` that still matches the sample's fingerprints, in the order of the forms. */
export function findSampleLeftovers(content: ContentSnapshot, sample: SampleFingerprints): SampleItem[] {
  const items: SampleItem[] = [];
  const is = (kind: Kind, value: unknown) =>
    value !== undefined && value !== null && value !== '' && sample[kind].includes(fingerprint(value));
  const isListOf = (kind: Kind, value: unknown) => list(value).length > 0 && sample[kind].includes(listPrint(value));
  const isImage = (src: unknown) => {
    const repoPath = typeof src === 'string' ? repoPathOfImage(src) : null;
    const blob = repoPath ? content.blobIds.get(repoPath) : undefined;
    return blob !== undefined && sample.image.includes(blob);
  };
  const onSite = (id: string, what: string, field: string, hint?: string) =>
    items.push({ id: `site.${id}`, what, where: 'Site details', href: anchor(SITE, field), ...(hint ? { hint } : {}) });
  const onResume = (id: string, what: string, field: string | null, hint?: string) =>
    items.push({ id: `resume.${id}`, what, where: 'Resume', href: field ? anchor(RESUME, field) : RESUME, ...(hint ? { hint } : {}) });

  if (content.site !== null && content.site !== undefined) {
    const site = record(content.site);
    if (is('name', site.name)) onSite('name', 'Your name', 'name', 'Change your initials too.');
    if (is('email', site.email)) onSite('email', 'Your e-mail address', 'email', 'Messages from the contact form go to it.');
    if (is('linkedin', site.linkedin)) onSite('linkedin', 'Your LinkedIn link', 'linkedin');
    if (is('website', site.website)) onSite('website', 'Your website link', 'website');
    if (is('location', site.location)) onSite('location', 'Where you are based', 'location');
    if (is('description', site.description))
      onSite('description', 'The short description search engines and link previews show', 'description');
    if (is('introduction', record(site.hero).subtitle)) onSite('hero', 'The introduction at the top of the home page', 'hero.subtitle');
    const about = record(site.about);
    const paragraphs = texts(about.paragraphs);
    const sampleParagraph = paragraphs.findIndex((paragraph) => is('aboutText', paragraph));
    if (sampleParagraph >= 0) onSite('about', 'Your “About me” text', `about.paragraphs.${sampleParagraph}`);
    if (isListOf('interests', about.interests)) onSite('interests', 'Your interests', 'about.interests.0');
    if (isListOf('highlights', about.highlights)) onSite('highlights', 'The figures beside “About me”', 'about.highlights.0.value');
    for (const photo of photosOf(site)) {
      if (isImage(photo.src) || is('photoAlt', photo.alt)) {
        const what = photo.key === 'profile' ? 'Your portrait' : 'The photo beside “About me”';
        onSite(`photos.${photo.key}`, what, `photos.${photo.key}.src`, 'Upload your own, and describe it in its alt text.');
      }
    }
    // The site's own sentences that speak as the designer: left out of site.yml, they are the sample's words.
    const firstPerson = [
      ['work', WORK_WORDS.subtitle, 'The introduction of your case studies on the home page'],
      ['contact', CONTACT_WORDS.subtitle, 'The introduction of the contact section on the home page'],
      ['cta', CTA_WORDS.subtitle, 'The closing line at the end of every case study'],
    ] as const;
    for (const [group, sentence, what] of firstPerson) {
      if (isShipped(record(site[group]).subtitle, sentence))
        onSite(`${group}.subtitle`, what, `${group}.subtitle`, 'It speaks for you: say it in your own words.');
    }
    // The pages that say why something is not shown: one entry a page while a text of it is the shipped one, linked to the first.
    for (const [group, what, texts] of PAGE_SENTENCES) {
      const left = Object.entries(texts).find(([key, sentence]) => isShipped(record(site[group])[key], sentence));
      if (left) onSite(group, what, `${group}.${left[0]}`, 'Say them in your own words.');
    }
  }

  if (content.resume) {
    const resume = record(content.resume.data);
    if (is('location', resume.location)) onResume('location', 'Where you are based, on your resume', 'location');
    if (is('summary', content.resume.body)) onResume('summary', 'Your resume’s summary', null, 'It is the text below the form.');
    list(resume.experience)
      .map(record)
      .forEach((role, index) => {
        if (is('company', role.company) || texts(role.bullets).some((bullet) => is('bullet', bullet))) {
          onResume(
            `experience.${index}`,
            `Role: ${String(role.title ?? '')} at ${String(role.company ?? '')}`.trim(),
            `experience.${index}.title`,
            'Replace it with a role of yours, or remove it.',
          );
        }
      });
    list(resume.education)
      .map(record)
      .forEach((entry, index) => {
        if (is('school', entry.school))
          onResume(
            `education.${index}`,
            `Education: ${String(entry.degree ?? '')}, ${String(entry.school ?? '')}`,
            `education.${index}.degree`,
          );
      });
    list(resume.certifications)
      .map(record)
      .forEach((entry, index) => {
        if (is('certification', entry.name))
          onResume(`certifications.${index}`, `Certification: ${String(entry.name ?? '')}`, `certifications.${index}.name`);
      });
    if (isListOf('skills', resume.skills)) onResume('skills', 'Your skills', 'skills.0.group');
    if (isListOf('languages', resume.languages)) onResume('languages', 'The languages you speak', 'languages.0.name');
  }

  for (const study of content.caseStudies) {
    const href = `/admin/content/${study.contentPath.replace(/^content\//, '')}`;
    if (is('caseStudySlug', study.slug) || is('caseStudyTitle', study.title)) {
      items.push({
        id: `case-study.${study.slug}`,
        what: `Sample case study: ${study.title}`,
        where: 'Case studies',
        href,
        hint: 'Delete it, or make it one of your own projects.',
        deletePath: study.contentPath,
      });
    } else if (isImage(study.image)) {
      items.push({
        id: `case-study.${study.slug}.image`,
        what: `The card image of “${study.title}”`,
        where: study.title,
        href: `${href}#field-image`,
        hint: 'Upload an image of your project.',
      });
    }
  }
  return items;
}

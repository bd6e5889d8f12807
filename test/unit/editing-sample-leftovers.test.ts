import { EVERY_SAMPLE_ENTRY } from '../helpers/data/sample-entries';
import { describe, expect, it } from 'vitest';
import { blobIdOf } from '~/editing/git/publish-plan.server';
import { SAMPLE_FINGERPRINTS } from '~/editing/setup/sample-fingerprints';
import { CONTACT_WORDS, CTA_WORDS, LOCKED_WORDS, SHARE_LINK_WORDS } from '~/content/site-words';
import { findSampleLeftovers, fingerprint, repoPathOfImage, type ContentSnapshot } from '~/editing/setup/sample-leftovers.server';
import { readWordsDesigner } from '../helpers/data/words-designer';
import { at, must } from '../helpers/must';

/**
 * The "Make it yours" detector on a fixture designer standing in for the
 * sample (test/fixtures/words/designer): its fingerprints are taken the way
 * scripts/sample-fingerprints.ts takes the shipped sample's, so nothing here
 * depends on the sample's own words.
 */
const { sample, prints } = await readWordsDesigner();

/** Every text of a content set changed, as a designer who replaced everything leaves it. */
function personalise(value: unknown): unknown {
  if (typeof value === 'string') return `${value} (mine)`;
  if (Array.isArray(value)) return value.map(personalise);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, personalise(child)]));
  return value;
}

const clone = <T>(value: T): T => structuredClone(value);

describe('Make it yours: the detector', () => {
  it('lists every entry of a site that is still all sample, each linking to its editor and field', () => {
    const items = findSampleLeftovers(sample, prints);
    expect(items.map((item) => item.id)).toEqual(EVERY_SAMPLE_ENTRY);
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get('site.email')?.href).toBe('/admin/content/site.yml#field-email');
    expect(byId.get('site.photos.profile')?.href).toBe('/admin/content/site.yml#field-photos-profile-src');
    expect(byId.get('resume.experience.1')?.href).toBe('/admin/content/resume.mdx#field-experience-1-title');
    expect(byId.get('case-study.ferry-console')).toMatchObject({
      href: '/admin/content/case-studies/ferry-console.mdx',
      deletePath: 'content/case-studies/ferry-console.mdx',
    });
    // Plain words for a designer: what it is, never a field path.
    for (const item of items) expect(item.what).not.toMatch(/\.|_|\[/);
  });

  it('lists nothing once everything is the designer’s own', () => {
    const mine: ContentSnapshot = {
      site: personalise(sample.site),
      resume: { data: personalise(sample.resume!.data), body: `${sample.resume!.body} (mine)` },
      caseStudies: [{ contentPath: 'content/case-studies/my-own.mdx', slug: 'my-own', title: 'My own project', image: '/images/mine.png' }],
      blobIds: new Map([['public/images/mine.png', blobIdOf(Buffer.from('my image'))]]),
    };
    // The photos are new files too.
    const photos = (mine.site as { photos: { profile: { src: string }; about: { src: string } } }).photos;
    photos.profile.src = '/images/me.jpg';
    photos.about.src = '/images/desk.jpg';
    mine.blobIds.set('public/images/me.jpg', blobIdOf(Buffer.from('me')));
    mine.blobIds.set('public/images/desk.jpg', blobIdOf(Buffer.from('desk')));
    expect(findSampleLeftovers(mine, prints)).toEqual([]);
  });

  it("lists the site's own first-person sentences while they are left out or still the shipped words, each linking to its field", () => {
    const site = structuredClone(sample.site) as Record<string, Record<string, unknown>>;
    delete site.work;
    site.contact = { ...site.contact, subtitle: CONTACT_WORDS.subtitle };
    site.cta = { ...site.cta, subtitle: `  ${CTA_WORDS.subtitle.replace(/ /g, '\n ')} ` };
    const items = findSampleLeftovers({ ...sample, site }, prints).filter((item) => item.id.endsWith('.subtitle'));
    expect(items.map((item) => [item.id, item.href])).toEqual([
      ['site.work.subtitle', '/admin/content/site.yml#field-work-subtitle'],
      ['site.contact.subtitle', '/admin/content/site.yml#field-contact-subtitle'],
      ['site.cta.subtitle', '/admin/content/site.yml#field-cta-subtitle'],
    ]);
    expect(items.map((item) => item.what)).toEqual([
      'The introduction of your case studies on the home page',
      'The introduction of the contact section on the home page',
      'The closing line at the end of every case study',
    ]);
    site.cta = { ...site.cta, subtitle: 'Open to lead roles in transit design.' };
    expect(findSampleLeftovers({ ...sample, site }, prints).map((item) => item.id)).not.toContain('site.cta.subtitle');
  });

  it('lists each page that says why something is not shown while a text of it is left out or still the shipped one, linked to that text', () => {
    const site = structuredClone(sample.site) as Record<string, Record<string, unknown>>;
    delete site.notFound;
    delete site.shared;
    site.locked = { ...site.locked, note: LOCKED_WORDS.note };
    // Only its headings and buttons left as shipped: the page is hers.
    site.shareLink = { ...site.shareLink, expiredTitle: SHARE_LINK_WORDS.expiredTitle, homeLink: SHARE_LINK_WORDS.homeLink };
    const pages = ['site.notFound', 'site.locked', 'site.shared', 'site.shareLink'];
    const items = findSampleLeftovers({ ...sample, site }, prints).filter((item) => pages.includes(item.id));
    expect(items.map((item) => [item.id, item.href])).toEqual([
      ['site.notFound', '/admin/content/site.yml#field-notFound-subtitle'],
      ['site.locked', '/admin/content/site.yml#field-locked-note'],
      ['site.shared', '/admin/content/site.yml#field-shared-subtitleOne'],
    ]);
    expect(items.map((item) => item.what)).toEqual([
      'The text of the page a wrong address opens',
      'The notes on a private case study before the password',
      'The text above the case studies a share link opens',
    ]);
    // The last shipped text of a page is the one it links to; changed, the page leaves the list.
    site.shareLink = { ...site.shareLink, unavailableText: `  ${SHARE_LINK_WORDS.unavailableText.replace(/ /g, '\n ')}` };
    expect(findSampleLeftovers({ ...sample, site }, prints).find((item) => item.id === 'site.shareLink')?.href).toBe(
      '/admin/content/site.yml#field-shareLink-unavailableText',
    );
    site.locked = { ...site.locked, note: 'Radio me for the password.' };
    expect(findSampleLeftovers({ ...sample, site }, prints).map((item) => item.id)).not.toContain('site.locked');
  });

  it('keeps only what is left: each entry leaves the list when its own field changes', () => {
    const partial = clone(sample);
    const site = partial.site as Record<string, any>;
    site.name = 'Jordan Rivera';
    site.email = 'jordan@example.net';
    site.about.paragraphs = ['My own first paragraph.', site.about.paragraphs[1]];
    site.about.interests = [...site.about.interests, 'Pottery'];
    const resume = partial.resume!.data as Record<string, any>;
    resume.experience[0] = { title: 'Designer', company: 'My Studio', location: 'Lisbon', years: '2021', bullets: ['Mine.'] };
    partial.caseStudies = partial.caseStudies.filter((study) => study.slug !== 'ferry-console');
    const ids = findSampleLeftovers(partial, prints).map((item) => item.id);
    expect(ids).toEqual(
      EVERY_SAMPLE_ENTRY.filter(
        (id) => !['site.name', 'site.email', 'site.interests', 'resume.experience.0', 'case-study.ferry-console'].includes(id),
      ),
    );
    // One sample paragraph left is enough to keep "About me" listed, linked to that paragraph.
    expect(findSampleLeftovers(partial, prints).find((item) => item.id === 'site.about')?.href).toBe(
      '/admin/content/site.yml#field-about-paragraphs-1',
    );
  });

  it('tells a sample case study by its address or by its title, and a sample image by its bytes wherever it moved', () => {
    const renamed = clone(sample);
    renamed.caseStudies = [
      { ...at(renamed.caseStudies, 0, 'a first sample case study'), title: 'A new title on the sample’s address' },
      { ...at(renamed.caseStudies, 1, 'a second sample case study'), contentPath: 'content/case-studies/moved.mdx', slug: 'moved' },
    ];
    const ids = findSampleLeftovers(renamed, prints).map((item) => item.id);
    expect(ids).toContain('case-study.ferry-console');
    expect(ids).toContain('case-study.moved');

    const moved = clone(sample);
    const photos = (moved.site as { photos: { profile: { src: string; alt: string } } }).photos;
    const bytesOfPortrait = sample.blobIds.get(repoPathOfImage(photos.profile.src)!)!;
    photos.profile = { ...photos.profile, src: 'images/portrait.svg', alt: 'Me, in my own words' };
    moved.blobIds.set('content/images/portrait.svg', bytesOfPortrait);
    expect(findSampleLeftovers(moved, prints).map((item) => item.id)).toContain('site.photos.profile');
    // The same alt text on a new image still names the sample designer.
    const newPhoto = clone(sample);
    (newPhoto.site as { photos: { profile: { src: string } } }).photos.profile.src = '/images/me.jpg';
    newPhoto.blobIds.set('public/images/me.jpg', blobIdOf(Buffer.from('me')));
    expect(findSampleLeftovers(newPhoto, prints).map((item) => item.id)).toContain('site.photos.profile');
  });

  it('ignores whitespace a YAML line fold changes, and a file that does not read', () => {
    const folded = clone(sample);
    (folded.site as Record<string, string>).description =
      `  ${must((sample.site as Record<string, string>).description, 'a sample site description').replace(/ /g, '\n  ')}  `;
    expect(findSampleLeftovers(folded, prints).map((item) => item.id)).toContain('site.description');
    expect(findSampleLeftovers({ site: null, resume: null, caseStudies: [], blobIds: new Map() }, prints)).toEqual([]);
  });

  it('ships fingerprints of every kind, as hashes rather than words', () => {
    for (const [kind, values] of Object.entries(SAMPLE_FINGERPRINTS)) {
      expect(values.length, kind).toBeGreaterThan(0);
      for (const value of values) expect(value, kind).toMatch(kind === 'image' ? /^[0-9a-f]{40}$/ : /^[0-9a-f]{16}$/);
    }
    expect(fingerprint('  a  b ')).toBe(fingerprint('a b'));
  });
});

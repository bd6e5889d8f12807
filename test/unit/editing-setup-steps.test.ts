import { describe, expect, it } from 'vitest';
import { findSampleLeftovers, type ContentSnapshot } from '~/editing/setup/sample-leftovers.server';
import { ownDomain, SETUP_STEP_NAMES, setupProgress, setupStepsFrom, type SetupFacts, type SetupStep } from '~/editing/setup/steps';
import { readWordsDesigner } from '../helpers/data/words-designer';

/**
 * The first-run guide's rules: each step ticked by what is true. The content
 * steps read the "Make it yours" list; here it is taken from a fixture
 * designer standing in for the sample (test/fixtures/words/designer), as
 * the list's own tests do, so nothing depends on the sample's words.
 */
const { sample, prints } = await readWordsDesigner();

const NOTHING_SET: Omit<SetupFacts, 'leftovers' | 'caseStudies'> = {
  privateCaseStudies: 0,
  privatePasswordSet: false,
  publishingReady: false,
  mailConfigured: false,
  mailDelivered: false,
  siteUrl: null,
  lookChosen: false,
};

const done = (steps: SetupStep[]) => Object.fromEntries(steps.map((step) => [step.name, step.done]));
const step = (steps: SetupStep[], name: SetupStep['name']) => steps.find((s) => s.name === name)!;

function facts(content: ContentSnapshot, more: Partial<SetupFacts> = {}): SetupFacts {
  return {
    ...NOTHING_SET,
    leftovers: findSampleLeftovers(content, prints).map((item) => item.id),
    caseStudies: content.caseStudies.map((study) => study.slug),
    ...more,
  };
}

describe('setup steps', () => {
  it('come in the guide’s order, the last three optional, each with a title, a hint and a page', () => {
    const steps = setupStepsFrom(facts(sample));
    // No case study is private: no password step.
    expect(steps.map((s) => s.name)).toEqual(SETUP_STEP_NAMES.filter((name) => name !== 'private-password'));
    expect(steps.map((s) => s.name)).toEqual([
      'publishing',
      'name-and-email',
      'photo',
      'resume',
      'first-case-study',
      'look',
      'mail',
      'domain',
    ]);
    expect(steps.filter((s) => s.optional).map((s) => s.name)).toEqual(['look', 'mail', 'domain']);
    for (const s of steps) {
      expect(s.title.length, s.name).toBeGreaterThan(3);
      expect(s.hint, s.name).toMatch(/\.$/);
      expect(s.href, s.name).toMatch(/^\/admin\//);
    }
    expect(step(steps, 'name-and-email').href).toBe('/admin/content/site.yml#field-name');
    expect(step(steps, 'photo').href).toBe('/admin/content/site.yml#image-field-photos-profile');
    expect(step(steps, 'resume').href).toBe('/admin/content/resume.mdx');
    expect(step(steps, 'first-case-study').href).toBe('/admin/content#new-case-study-title');
    expect(step(steps, 'publishing').href).toBe('/admin/publishing');
    expect(step(steps, 'mail').href).toBe('/admin/settings/mail');
    expect(step(steps, 'domain').href).toBe('/admin/settings/domain');
    expect(step(steps, 'look').href).toBe('/admin/look');
  });

  it('your look: optional, ticked once the site wears a look that is not the original', () => {
    expect(step(setupStepsFrom(facts(sample)), 'look')).toMatchObject({ done: false, optional: true });
    expect(step(setupStepsFrom(facts(sample, { lookChosen: true })), 'look').done).toBe(true);
  });

  it('the sample as it came: every step open', () => {
    const steps = setupStepsFrom(facts(sample));
    expect(done(steps)).toEqual({
      'name-and-email': false,
      photo: false,
      resume: false,
      'first-case-study': false,
      publishing: false,
      look: false,
      mail: false,
      domain: false,
    });
    expect(setupProgress(steps)).toEqual({ done: 0, total: 5, complete: false });
  });

  it('name and e-mail: ticked only when both are the designer’s; the link goes to the one left', () => {
    const site = sample.site as Record<string, unknown>;
    const nameOnly = setupStepsFrom(facts({ ...sample, site: { ...site, name: 'Dana Own' } }));
    expect(step(nameOnly, 'name-and-email')).toMatchObject({ done: false, href: '/admin/content/site.yml#field-email' });
    expect(step(nameOnly, 'name-and-email').hint).toMatch(/address/);
    const both = setupStepsFrom(facts({ ...sample, site: { ...site, name: 'Dana Own', email: 'dana@own.example' } }));
    expect(step(both, 'name-and-email').done).toBe(true);
    // Other words of the sample (the introduction, the links) are the "Make it yours" list's, not this step's.
    expect(step(both, 'photo').done).toBe(false);
  });

  it('photo: the portrait’s picture or its description still the sample’s keeps it open', () => {
    const site = sample.site as Record<string, any>;
    const newPicture = { ...site, photos: { ...site.photos, profile: { ...site.photos.profile, src: '/images/own/me.png' } } };
    expect(step(setupStepsFrom(facts({ ...sample, site: newPicture })), 'photo').done).toBe(false); // the alt text is still the sample's
    const own = { ...site, photos: { ...site.photos, profile: { src: '/images/own/me.png', alt: 'Me at my desk' } } };
    expect(step(setupStepsFrom(facts({ ...sample, site: own })), 'photo').done).toBe(true);
  });

  it('resume: open while any part of it is the sample’s, saying how many', () => {
    const open = step(setupStepsFrom(facts(sample)), 'resume');
    expect(open.done).toBe(false);
    expect(open.hint).toMatch(/^\d+ parts of your resume/);
    const resume = {
      data: { location: 'Lisbon', experience: [{ title: 'Lead', company: 'Own Co', bullets: ['Mine'] }] },
      body: 'My own summary.',
    };
    expect(step(setupStepsFrom(facts({ ...sample, resume })), 'resume').done).toBe(true);
  });

  it('first case study: a sample one does not count; one of the designer’s does, draft card image or not', () => {
    expect(step(setupStepsFrom(facts(sample)), 'first-case-study').done).toBe(false);
    const withOwn = {
      ...sample,
      caseStudies: [...sample.caseStudies, { contentPath: 'content/case-studies/harbour.mdx', slug: 'harbour', title: 'Harbour signage' }],
    };
    const steps = setupStepsFrom(facts(withOwn));
    expect(step(steps, 'first-case-study')).toMatchObject({ done: true, hint: 'One case study on your site is your own.' });
    expect(step(setupStepsFrom(facts({ ...sample, caseStudies: [] })), 'first-case-study').done).toBe(false);
  });

  it('publishing, mail and domain: by the site’s settings', () => {
    const on = setupStepsFrom(facts(sample, { publishingReady: true, mailConfigured: true, siteUrl: 'https://dana.design' }));
    expect(done(on)).toMatchObject({ publishing: true, mail: true, domain: true });
    expect(step(on, 'domain').hint).toBe('Your site lives at dana.design.');
    expect(step(setupStepsFrom(facts(sample, { mailDelivered: true })), 'mail').done).toBe(true);
    expect(step(setupStepsFrom(facts(sample, { siteUrl: 'https://dana-portfolio.netlify.app' })), 'domain').done).toBe(false);
  });

  it('speaks the designer’s words: no developer’s in any title or hint', () => {
    const site = sample.site as Record<string, unknown>;
    const variants = [
      setupStepsFrom(facts(sample)),
      setupStepsFrom(
        facts(
          { ...sample, site: { ...site, name: 'Dana Own' } },
          { publishingReady: true, mailConfigured: true, siteUrl: 'https://dana.design' },
        ),
      ),
      setupStepsFrom({ ...NOTHING_SET, leftovers: null, caseStudies: [] }),
      setupStepsFrom(facts(sample, { privateCaseStudies: 2 })),
      setupStepsFrom(facts(sample, { privateCaseStudies: 1, privatePasswordSet: true })),
    ];
    const words = variants.flat().flatMap((s) => [s.title, s.hint]);
    expect(
      words.filter((text) => /\b(SMTP|env|environment|git|repositor(y|ies)|commit|branch|push|deploy|SITE_URL|URL)\b/i.test(text)),
    ).toEqual([]);
  });

  it('a password for private work: a required step only while a case study is private, ticked once a password is set', () => {
    const none = setupStepsFrom(facts(sample, { privateCaseStudies: 0 }));
    expect(none.map((s) => s.name)).not.toContain('private-password');
    const open = setupStepsFrom(facts(sample, { privateCaseStudies: 2 }));
    expect(open.map((s) => s.name)).toEqual([...SETUP_STEP_NAMES]);
    expect(step(open, 'private-password')).toMatchObject({ done: false, optional: false, href: '/admin/settings/private' });
    expect(step(open, 'private-password').hint).toMatch(/^2 case studies are private, and no password opens them yet/);
    expect(step(setupStepsFrom(facts(sample, { privateCaseStudies: 1 })), 'private-password').hint).toMatch(/^One case study is private/);
    expect(setupProgress(open).total).toBe(6);
    const set = setupStepsFrom(facts(sample, { privateCaseStudies: 2, privatePasswordSet: true }));
    expect(step(set, 'private-password').done).toBe(true);
  });

  it('an own domain is not Netlify’s free address nor this computer', () => {
    expect(ownDomain('https://dana.design/')).toBe('dana.design');
    expect(ownDomain('https://www.Dana.Design')).toBe('www.dana.design');
    for (const url of [
      null,
      '',
      '  ',
      'not a url',
      'https://dana.netlify.app',
      'https://main--dana.netlify.app',
      'http://localhost:3000',
      'http://127.0.0.1:8888',
      'http://app.localhost',
      'http://[::1]:3000',
      'http://intranet',
    ]) {
      expect(ownDomain(url), String(url)).toBeNull();
    }
  });

  it('all required steps done completes the guide, optional ones aside', () => {
    const site = sample.site as Record<string, any>;
    const own: ContentSnapshot = {
      site: {
        ...site,
        name: 'Dana Own',
        email: 'dana@own.example',
        photos: { ...site.photos, profile: { src: '/images/own/me.png', alt: 'Me' } },
      },
      resume: { data: { location: 'Lisbon' }, body: 'Mine.' },
      caseStudies: [{ contentPath: 'content/case-studies/harbour.mdx', slug: 'harbour', title: 'Harbour signage' }],
      blobIds: new Map(),
    };
    const steps = setupStepsFrom(facts(own, { publishingReady: true }));
    expect(setupProgress(steps)).toEqual({ done: 5, total: 5, complete: true });
    expect(done(steps)).toMatchObject({ mail: false, domain: false });
  });

  it('content that could not be read ticks none of its steps, and says so', () => {
    const steps = setupStepsFrom({ ...NOTHING_SET, publishingReady: true, leftovers: null, caseStudies: [] });
    expect(done(steps)).toMatchObject({
      'name-and-email': false,
      photo: false,
      resume: false,
      'first-case-study': false,
      publishing: true,
    });
    expect(step(steps, 'photo').hint).toMatch(/could not be read/);
  });
});

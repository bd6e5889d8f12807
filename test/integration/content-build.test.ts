import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compileContent, ContentError } from '../../pipeline/content/compile';
import type { CompiledContent } from '~/content/schema';
import { buildContent } from '../../pipeline/build-content';
import { copyContent, ROOT, SAMPLE_SITE_DIR, type ContentCopy } from '../helpers/data/content';
import { CASE_STUDY_SECTIONS as SPEC_SECTIONS } from '../helpers/site/e2e';
import { at, must } from '../helpers/must';
import { linkImageVariants } from '../helpers/start/built-clone';

const run = promisify(execFile);

describe('compileContent on the real content/', () => {
  let content: CompiledContent;
  beforeAll(async () => {
    content = await compileContent(SAMPLE_SITE_DIR); // the sample designer, whose words these tests read
  });

  it('has the three cards of the spec, in order', () => {
    expect(content.cards.map((card) => card.slug)).toEqual(['office-depot', 'mobile-banking', 'analytics-dashboard']);
    expect(content.cards.map((card) => card.order)).toEqual([...content.cards.map((card) => card.order)].sort((a, b) => a - b));
    expect(content.cards[1]?.title).toBe('Mobile Banking UX');
    expect(content.cards[2]?.title).toBe('Analytics Dashboard');
    for (const card of content.cards) {
      expect(card.title.length).toBeGreaterThan(0);
      expect(card.description.length).toBeGreaterThan(0);
      expect(card.alt.length).toBeGreaterThan(0);
      expect(card.image).toMatch(/^\/generated\/images\//);
    }
  });

  it('card 1 is the published rewards redesign with the card figures (6 months, 3.9 → 4.6, 40% redemption)', () => {
    const card = at(content.cards, 0, 'a first card');
    expect(card.href).toBe('/case-study/office-depot');
    expect(card.tags).toEqual(['Mobile Design', 'User Research', 'Prototyping']);
    expect(card.role).toBe('Lead UX Designer');
    expect(card.timeline).toBe('6 months');
    expect(card.impact).toMatch(/3\.9\s*(→|to)\s*4\.6/);
    expect(card.impact).toMatch(/40% rise in rewards redemption/i);
  });

  it('cards 2 and 3 are Coming Soon (no page, href null) with the spec figures', () => {
    const banking = at(content.cards, 1, 'a second card');
    const dashboard = at(content.cards, 2, 'a third card');
    expect(banking.href).toBeNull();
    expect(banking.role).toBe('Lead UX Designer');
    expect(banking.timeline).toBe('3 months');
    expect(banking.impact).toMatch(/40% rise in engagement/i);
    expect(banking.impact).toMatch(/25% drop in support tickets/i);
    expect(dashboard.href).toBeNull();
    expect(dashboard.tags).toEqual(['Data Visualization', 'Enterprise UX', 'User Testing']);
    expect(dashboard.role).toBe('Senior UX Designer');
    expect(dashboard.timeline).toBe('4 months');
    expect(dashboard.impact).toMatch(/35% cut in time-to-insight/i);
    expect(Object.keys(content.caseStudies)).toEqual(['office-depot']);
  });

  it('office-depot has the nine sections of the spec, numbered 1–9 in order, with ids', () => {
    const study = must(content.caseStudies['office-depot'], 'the office-depot case study');
    expect(study.sections.map((s) => s.title)).toEqual(SPEC_SECTIONS);
    expect(study.sections.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(study.sections.map((s) => s.id)).toEqual([
      'the-challenge',
      'research-and-discovery',
      'ideation-and-design-process',
      'testing-and-validation',
      'final-design-solutions',
      'post-launch-feedback',
      'future-enhancements',
      'ux-recommendations',
      'impact-and-outcomes',
    ]);
    // The ids and numbers are in the compiled page, not only in the outline.
    for (const section of study.sections) {
      expect(study.html).toContain(`<h2 id="${section.id}" data-section="${section.number}"`);
    }
  });

  it('office-depot page metadata: 3 months, team UX/Loyalty/IT/Development, 3.9 → 4.6, +35%, VIP at $500', () => {
    const study = must(content.caseStudies['office-depot'], 'the office-depot case study');
    expect(study.page.timeline).toBe('3 months');
    expect(study.page.team).toEqual(['UX', 'Loyalty', 'IT', 'Development']);
    const outcomes = study.page.outcomes.map((o) => `${o.label}: ${o.value}`).join(' | ');
    expect(outcomes).toMatch(/rating: 3\.9\s*(→|to)\s*4\.6/i);
    expect(outcomes).toMatch(/engagement: \+35%/i);
    expect(study.html).toMatch(/VIP/);
    expect(study.html).toMatch(/\$500/);
    // The card keeps its own figures from the same file.
    expect(study.timeline).toBe('6 months');
  });

  it('site.yml holds the name, initials, e-mail and links', () => {
    expect(content.site.name).toMatch(/\S+ \S+/);
    expect(content.site.initials).toBe(
      content.site.name
        .split(/\s+/)
        .map((w) => w[0])
        .join(''),
    );
    expect(content.site.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(content.site.linkedin).toMatch(/^https:\/\/(www\.)?linkedin\.com\//);
    expect(content.site.website).toMatch(/^https:\/\//);
    expect(content.site.hero.badge).toMatch(/under construction/i);
  });

  it('resume.mdx has three roles, the three skill groups, one certification, English and Spanish', () => {
    const { resume } = content;
    expect(resume.experience).toHaveLength(3);
    for (const role of resume.experience) {
      expect(role).toEqual(
        expect.objectContaining({
          title: expect.any(String),
          years: expect.any(String),
          company: expect.any(String),
          location: expect.any(String),
        }),
      );
      expect(role.bullets.length).toBeGreaterThan(0);
    }
    expect(resume.education.length).toBeGreaterThanOrEqual(1);
    expect(resume.skills.map((s) => s.group)).toEqual(['Design Tools', 'Research & Testing', 'Technical']);
    expect(resume.certifications).toHaveLength(1);
    expect(resume.languages.map((l) => l.name)).toEqual(['English', 'Spanish']);
    expect(resume.languages.every((l) => /bilingual/i.test(l.level))).toBe(true);
    expect(resume.summaryText.length).toBeGreaterThan(100);
    expect(resume.summaryHtml).toMatch(/^<p[ >]/);
  });
});

describe('adding a content file', () => {
  let copy: ContentCopy;
  afterEach(() => copy?.dispose());

  it('a new coming-soon file adds a card, a new published file adds a card and a page', async () => {
    copy = await copyContent();
    const frontmatter = (status: string, order: number, title: string) =>
      [
        '---',
        `title: ${title}`,
        'description: A short description.',
        'image: ./mobile-banking/card.svg',
        'alt: A phone',
        'tags: [Research]',
        'role: Designer',
        'timeline: 2 months',
        'impact: Something measurable',
        `order: ${order}`,
        `status: ${status}`,
      ].join('\n');
    await copy.write('case-studies/zz-soon.mdx', `${frontmatter('coming-soon', 5, 'Soon')}\n---\n`);
    await copy.write(
      'case-studies/aa-new.mdx',
      `${frontmatter('published', 4, 'New One')}
page:
  summary: Summary.
  client: Client
  timeline: 1 month
  team: [UX]
  outcomes:
    - label: Rating
      value: "5"
---

## First

Text linking to [the rewards work](/case-study/office-depot).

## Second

More.
`,
    );
    const content = await compileContent(copy.dir);
    expect(content.cards.map((c) => c.slug)).toEqual(['office-depot', 'mobile-banking', 'analytics-dashboard', 'aa-new', 'zz-soon']);
    expect(content.cards[3]?.href).toBe('/case-study/aa-new');
    expect(content.cards[4]?.href).toBeNull();
    expect(content.caseStudies['aa-new']?.sections.map((s) => [s.number, s.title])).toEqual([
      [1, 'First'],
      [2, 'Second'],
    ]);
  });
});

describe('broken content stops with a ContentError naming the file and the field', () => {
  let copy: ContentCopy;
  afterEach(() => copy?.dispose());

  async function errorFor(mutate: (copy: ContentCopy) => Promise<void>): Promise<ContentError> {
    copy = await copyContent();
    await mutate(copy);
    const error = await compileContent(copy.dir).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, 'compileContent should have rejected').toBeInstanceOf(ContentError);
    return error as ContentError;
  }

  const BANKING = 'content/case-studies/mobile-banking.mdx';
  const DEPOT = 'content/case-studies/office-depot.mdx';

  it('a missing card field', async () => {
    const error = await errorFor((c) => c.edit('case-studies/mobile-banking.mdx', /^role: .*\n/m, ''));
    expect(error.message).toContain(BANKING);
    expect(error.file).toBe(BANKING);
    expect(error.message).toContain('field "role" is missing');
  });

  it('a missing nested field of a published page', async () => {
    const error = await errorFor((c) => c.edit('case-studies/office-depot.mdx', /^ {2}timeline: 3 months\n/m, ''));
    expect(error.message).toContain(DEPOT);
    expect(error.message).toContain('field "page.timeline" is missing');
  });

  it('a wrong type: tags as a string', async () => {
    const error = await errorFor((c) => c.edit('case-studies/mobile-banking.mdx', /^tags:\n(\s+- .*\n)+/m, 'tags: x\n'));
    expect(error.message).toContain(BANKING);
    expect(error.message).toMatch(/field "tags": Expected array, received string/);
  });

  it('a wrong type: order as a word', async () => {
    const error = await errorFor((c) => c.edit('case-studies/mobile-banking.mdx', /^order: 2$/m, 'order: one'));
    expect(error.message).toContain(BANKING);
    expect(error.message).toMatch(/field "order": Expected number, received string/);
  });

  it('an unknown field', async () => {
    const error = await errorFor((c) => c.edit('case-studies/mobile-banking.mdx', /^order: 2$/m, 'order: 2\nsubtitle: Extra'));
    expect(error.message).toContain(BANKING);
    expect(error.message).toContain('unknown field(s) "subtitle"');
  });

  it('a bad status value', async () => {
    const error = await errorFor((c) => c.edit('case-studies/mobile-banking.mdx', /^status: coming-soon$/m, 'status: draft'));
    expect(error.message).toContain(BANKING);
    expect(error.message).toMatch(/field "status" must be one of "published", "coming-soon"/);
  });

  it('an empty required field', async () => {
    const error = await errorFor((c) => c.edit('case-studies/mobile-banking.mdx', /^title: .*$/m, 'title: "  "'));
    expect(error.message).toContain(BANKING);
    expect(error.message).toMatch(/field "title": must not be empty/);
  });

  it('an unknown slug in a link in the body', async () => {
    const error = await errorFor((c) =>
      c.edit('case-studies/office-depot.mdx', '## Future Enhancements\n', '## Future Enhancements\n\nSee [more](/case-study/nope).\n'),
    );
    expect(error.message).toContain(DEPOT);
    expect(error.message).toContain('"/case-study/nope"');
    expect(error.message).toMatch(/body/);
  });

  it('a link in the body to a case study that is only Coming Soon', async () => {
    const error = await errorFor((c) =>
      c.edit(
        'case-studies/office-depot.mdx',
        '## Future Enhancements\n',
        '## Future Enhancements\n\nSee [banking](/case-study/mobile-banking).\n',
      ),
    );
    expect(error.message).toContain(DEPOT);
    expect(error.message).toContain('"/case-study/mobile-banking"');
  });

  it('an unknown slug in a link in the frontmatter names the file and the field', async () => {
    const error = await errorFor((c) =>
      c.edit('case-studies/mobile-banking.mdx', /^description: >-\n/m, 'description: >-\n  Read the [full story](/case-study/nope).\n'),
    );
    expect(error.message).toContain(BANKING);
    expect(error.message).toContain('"/case-study/nope"');
    // The issue: "a message that names the file and the field".
    expect(error.message).toMatch(/"description"|description/);
  });

  it('an unknown slug in a link in the resume summary', async () => {
    const error = await errorFor((c) => c.edit('resume.mdx', /\n---\n\n/, '\n---\n\nSee [this](/case-study/nope).\n\n'));
    expect(error.message).toContain('content/resume.mdx');
    expect(error.message).toContain('"/case-study/nope"');
  });

  it('a bad site.yml field: an invalid e-mail', async () => {
    const error = await errorFor((c) => c.edit('site.yml', /^email: .*$/m, 'email: not-an-email'));
    expect(error.file).toBe('content/site.yml');
    expect(error.message).toContain('content/site.yml');
    expect(error.message).toContain('field "email": must be an e-mail address');
  });

  it('a bad site.yml field: a LinkedIn URL without https', async () => {
    const error = await errorFor((c) => c.edit('site.yml', /^linkedin: https:/m, 'linkedin: http:'));
    expect(error.message).toContain('content/site.yml');
    expect(error.message).toContain('field "linkedin": must start with https://');
  });

  it('a missing nested site.yml field', async () => {
    const error = await errorFor((c) => c.edit('site.yml', /^ {2}title: Crafting.*\n/m, ''));
    expect(error.message).toContain('content/site.yml');
    expect(error.message).toContain('field "hero.title" is missing');
  });

  it('a broken resume field: a role without years', async () => {
    const error = await errorFor((c) => c.edit('resume.mdx', /^ {4}years: 2016 – 2019\n/m, ''));
    expect(error.file).toBe('content/resume.mdx');
    expect(error.message).toContain('field "experience.1.years" is missing');
  });

  it('a year written as a bare YAML number is accepted and read as text', async () => {
    copy = await copyContent();
    await copy.edit('resume.mdx', /^ {4}year: "2012"$/m, '    year: 2012');
    const content = await compileContent(copy.dir);
    expect(content.resume.education[0]?.year).toBe('2012');
  });

  it('a broken resume field: bullets as a string', async () => {
    const error = await errorFor((c) =>
      c.edit('resume.mdx', /^ {4}bullets:\n( {6}- .*\n)+(?= {2}- title: Senior)/m, '    bullets: Did things\n'),
    );
    expect(error.message).toContain('content/resume.mdx');
    expect(error.message).toMatch(/field "experience\.0\.bullets": Expected array, received string/);
  });

  it('a card image that is not in public/', async () => {
    const error = await errorFor((c) => c.edit('case-studies/mobile-banking.mdx', /^image: .*$/m, 'image: /images/case-studies/nope.svg'));
    expect(error.message).toContain(BANKING);
    expect(error.message).toMatch(/field "image"/);
    expect(error.message).toContain('/images/case-studies/nope.svg');
  });

  it('invalid YAML in a frontmatter', async () => {
    const error = await errorFor((c) => c.edit('case-studies/mobile-banking.mdx', /^tags:\n/m, 'tags: [Mobile Design,\n'));
    expect(error.message).toContain(BANKING);
    expect(error.message).toMatch(/not valid YAML/);
  });

  it('invalid YAML in site.yml', async () => {
    const error = await errorFor((c) => c.edit('site.yml', /^role: .*$/m, 'role: "unterminated'));
    expect(error.message).toContain('content/site.yml');
    expect(error.message).toMatch(/not valid YAML/);
  });

  it('MDX that does not compile', async () => {
    const error = await errorFor((c) =>
      c.edit('case-studies/office-depot.mdx', '## UX Recommendations\n', '## UX Recommendations\n\n<div>\n'),
    );
    expect(error.message).toContain(DEPOT);
    expect(error.message).toMatch(/MDX does not compile/);
  });

  it('a missing site.yml', async () => {
    const error = await errorFor((c) => c.remove('site.yml'));
    expect(error.message).toContain('content/site.yml');
    expect(error.message).toMatch(/missing/);
  });

  it('a case study file name that is not a slug', async () => {
    const error = await errorFor(async (c) => {
      await c.write('case-studies/My Project.mdx', await readFile(path.join(c.dir, 'case-studies/mobile-banking.mdx'), 'utf8'));
    });
    expect(error.message).toContain('content/case-studies/My Project.mdx');
  });
});

describe('the build stops on broken content', () => {
  let copy: ContentCopy;
  afterEach(() => copy?.dispose());

  it('buildContent(dir) rejects with the ContentError and writes nothing', async () => {
    copy = await copyContent();
    await copy.edit('case-studies/mobile-banking.mdx', /^order: 2$/m, 'order: one');
    await expect(buildContent(copy.dir)).rejects.toThrow(/content\/case-studies\/mobile-banking\.mdx[\s\S]*field "order"/);
  });

  // scripts/content.ts reads ./content and writes ./.generated and
  // ./public relative to the working directory, so it runs in a scratch copy.
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const script = path.join(ROOT, 'scripts/content.ts');
  const scriptEnv = () => {
    const env = { ...process.env };
    delete env.CONTENT_JSON_PATH;
    return env;
  };
  const runScript = (cwd: string) =>
    run(tsx, ['--tsconfig', path.join(ROOT, 'tsconfig.json'), script], { cwd, env: scriptEnv() }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('`tsx scripts/content.ts` exits non-zero and prints the file and the field', async () => {
    copy = await copyContent();
    await copy.edit('site.yml', /^email: .*$/m, 'email: not-an-email');
    const result = await runScript(copy.root);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('content/site.yml');
    expect(result.stderr).toContain('field "email"');
  }, 60_000);

  it('`tsx scripts/content.ts` on good content writes the JSON and a real PDF', async () => {
    copy = await copyContent();
    await mkdir(path.join(copy.root, 'public'), { recursive: true });
    // The variants of earlier builds, as a deploy's build cache holds them: the cold build is build-cache.test.ts's.
    linkImageVariants(copy.root);
    const result = await runScript(copy.root);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/3 cards, 1 case study page/);
    const json = JSON.parse(await readFile(path.join(copy.root, '.generated/content.json'), 'utf8')) as CompiledContent;
    expect(json.cards).toHaveLength(3);
    const pdf = await readFile(path.join(copy.root, '.generated/site-files/resume.pdf'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 240_000);
});

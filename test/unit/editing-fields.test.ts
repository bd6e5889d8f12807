import { describe, expect, it } from 'vitest';
import { caseStudyFrontmatterSchema } from '~/content/schema';
import { caseStudyForm, fieldsOf, humanise, resumeForm, siteForm, type Field } from '~/editing/documents/fields';
import { isWideField } from '~/editing/documents/field-width';
import { formValues, fromForm } from '~/editing/documents/form-values';
import { applyChanges } from '~/editing/documents/frontmatter.server';
import { buildData, changedSpan, contentFile, contentFiles } from '../helpers/data/content-files';

const byName = (form: Field) => new Map([...fieldsOf(form)].map((field) => [field.name, field]));
const kinds = (form: Field) => Object.fromEntries([...fieldsOf(form)].filter((f) => f.name).map((f) => [f.name, f.kind]));

describe("forms generated from the build's schemas", () => {
  it('site.yml: names and kinds, paragraphs as text areas, highlights a list of { value, label }', () => {
    expect(kinds(siteForm)).toEqual({
      name: 'text',
      initials: 'text',
      role: 'text',
      email: 'text',
      linkedin: 'text',
      website: 'text',
      location: 'text',
      description: 'textarea',
      hero: 'group',
      'hero.badge': 'text',
      'hero.title': 'text',
      'hero.subtitle': 'textarea',
      'hero.workButton': 'text',
      'hero.contactButton': 'text',
      home: 'group',
      'home.order': 'list',
      'home.hidden': 'list',
      about: 'group',
      'about.eyebrow': 'text',
      'about.title': 'text',
      'about.paragraphs': 'list',
      'about.interestsTitle': 'text',
      'about.interests': 'list',
      'about.highlights': 'list',
      photos: 'group',
      'photos.profile': 'group',
      'photos.profile.src': 'text',
      'photos.profile.alt': 'text',
      'photos.profile.focus': 'text',
      'photos.profile.width': 'number',
      'photos.profile.height': 'number',
      'photos.about': 'group',
      'photos.about.src': 'text',
      'photos.about.alt': 'text',
      'photos.about.focus': 'text',
      'photos.about.width': 'number',
      'photos.about.height': 'number',
      // The site's words around the content (test/unit/editing-site-words-form.test.ts).
      work: 'group',
      'work.eyebrow': 'text',
      'work.title': 'text',
      'work.subtitle': 'textarea',
      contact: 'group',
      'contact.eyebrow': 'text',
      'contact.title': 'text',
      'contact.subtitle': 'textarea',
      'contact.linkedinLink': 'text',
      pagesSection: 'group',
      'pagesSection.eyebrow': 'text',
      'pagesSection.title': 'text',
      'pagesSection.subtitle': 'textarea',
      moreWork: 'group',
      'moreWork.eyebrow': 'text',
      'moreWork.title': 'text',
      cta: 'group',
      'cta.title': 'text',
      'cta.subtitle': 'textarea',
      'cta.button': 'text',
      resumePage: 'group',
      'resumePage.backLink': 'text',
      'resumePage.download': 'text',
      'resumePage.summaryTitle': 'text',
      'resumePage.experienceTitle': 'text',
      'resumePage.educationTitle': 'text',
      'resumePage.skillsTitle': 'text',
      'resumePage.certificationsTitle': 'text',
      'resumePage.languagesTitle': 'text',
      footer: 'group',
      'footer.rights': 'text',
      'footer.privacy': 'text',
      'footer.backToTop': 'text',
      notFound: 'group',
      'notFound.title': 'text',
      'notFound.subtitle': 'textarea',
      'notFound.homeLink': 'text',
      locked: 'group',
      'locked.title': 'text',
      'locked.note': 'textarea',
      'locked.noPasswordNote': 'textarea',
      'locked.askButton': 'text',
      shared: 'group',
      'shared.eyebrow': 'text',
      'shared.title': 'text',
      'shared.subtitleOne': 'textarea',
      'shared.subtitleMany': 'textarea',
      shareLink: 'group',
      'shareLink.homeLink': 'text',
      'shareLink.expiredTitle': 'text',
      'shareLink.expiredText': 'textarea',
      'shareLink.unknownTitle': 'text',
      'shareLink.unknownText': 'textarea',
      'shareLink.limitedTitle': 'text',
      'shareLink.limitedText': 'textarea',
      'shareLink.unavailableTitle': 'text',
      'shareLink.unavailableText': 'textarea',
      // Her colours and shape (app/look/): edited here until the Look page comes.
      look: 'group',
      'look.accent': 'text',
      'look.neutral': 'select',
      'look.shape': 'select',
      'look.scheme': 'select',
      'look.typeface': 'select',
      'look.workLayout': 'select',
      'look.portraitOnPhones': 'checkbox',
    });
    const fields = byName(siteForm);
    expect(fields.get('about.paragraphs')!.itemShape).toMatchObject({ kind: 'textarea', name: '' });
    expect(fields.get('about.paragraphs')!.minItems).toBe(1);
    expect(fields.get('about.highlights')).toMatchObject({ required: false, default: [] });
    expect(fields.get('about.highlights')!.itemShape!.children!.map((c) => [c.name, c.kind])).toEqual([
      ['value', 'text'],
      ['label', 'text'],
    ]);
    expect(fields.get('photos.profile.width')).toMatchObject({
      integer: true,
      required: false,
      label: 'Width',
      path: ['photos', 'profile', 'width'],
    });
    expect(fields.get('linkedin')!.label).toBe('LinkedIn');
  });

  it('the resume: lists of groups, with lists inside their items', () => {
    expect(kinds(resumeForm)).toEqual({
      headline: 'text',
      location: 'text',
      experience: 'list',
      education: 'list',
      skills: 'list',
      certifications: 'list',
      languages: 'list',
    });
    const experience = byName(resumeForm).get('experience')!.itemShape!;
    expect(experience.children!.map((c) => [c.name, c.kind])).toEqual([
      ['title', 'text'],
      ['company', 'text'],
      ['location', 'text'],
      ['years', 'text'],
      ['bullets', 'list'],
    ]);
    expect(experience.children!.at(-1)!.itemShape!.kind).toBe('textarea');
  });

  it('a case study: one form, status a select, page shown when published, lockedNote when published and private', () => {
    const fields = byName(caseStudyForm);
    expect(kinds(caseStudyForm)).toMatchObject({
      title: 'text',
      description: 'textarea',
      tags: 'list',
      order: 'number',
      status: 'select',
      visibility: 'select',
      lockedNote: 'textarea',
      page: 'group',
      'page.summary': 'textarea',
      'page.team': 'list',
      'page.outcomes': 'list',
    });
    expect(fields.get('status')).toMatchObject({ kind: 'select', options: ['published', 'coming-soon'], required: true });
    expect(fields.get('visibility')).toMatchObject({
      options: ['public', 'private'],
      required: false,
      default: 'public',
      showWhen: [{ name: 'status', in: ['published'] }],
    });
    expect(fields.get('page')!.showWhen).toEqual([{ name: 'status', in: ['published'] }]);
    expect(fields.get('lockedNote')!.showWhen).toEqual([
      { name: 'status', in: ['published'] },
      { name: 'visibility', in: ['private'] },
    ]);
    expect(fields.get('title')!.showWhen).toBeUndefined();
    expect(fields.get('page.outcomes.0.value')).toBeUndefined(); // items are named per item:
    expect(fields.get('page.outcomes')!.itemShape!.children!.map((c) => c.name)).toEqual(['label', 'value']);
    expect(fields.get('order')).toMatchObject({ integer: true });
  });

  it('humanises keys', () => {
    expect(humanise('lockedNote')).toBe('Locked note');
    expect(humanise('paragraphs')).toBe('Paragraphs');
    expect(humanise('some_key-name')).toBe('Some key name');
  });
});

describe('the width a field takes', () => {
  it('long words (titles, alt texts, descriptions) take the whole width; short ones (role, order, status) one column', () => {
    const fields = byName(caseStudyForm);
    const wide = (name: string) => isWideField(fields.get(name)!);
    for (const name of ['title', 'description', 'alt']) expect(wide(name), name).toBe(true);
    for (const name of ['role', 'timeline', 'order', 'status']) expect(wide(name), name).toBe(false);
    expect(isWideField(byName(siteForm).get('hero.title')!)).toBe(true);
  });
});

describe('formValues and fromForm', () => {
  it.each(contentFiles().map((f) => [f.file, f] as const))('%s: fromForm(formValues(data)) is the data', (_name, { document, form }) => {
    const data = buildData(document.yaml);
    const values = formValues(data);
    expect(fromForm(values, form)).toEqual(data);
    // As a browser submits them: every value a string, in the form's order.
    expect(
      fromForm(
        Object.entries(values).map(([name, value]) => [name, String(value)] as const),
        form,
      ),
    ).toEqual(data);
  });

  it('names inputs by path', () => {
    const values = formValues(buildData(contentFile('content/case-studies/office-depot.mdx').document.yaml));
    expect(values).toMatchObject({
      title: 'Office Depot Rewards App Redesign',
      'page.summary': expect.any(String),
      'page.outcomes.0.value': '3.9 → 4.6',
      'tags.2': 'Prototyping',
      order: 1,
    });
  });

  it('numbers stay numbers; a number field with text keeps the text so the schema names the field', () => {
    const data = fromForm(
      [
        ['title', 'A'],
        ['order', '4'],
        ['status', 'coming-soon'],
      ],
      caseStudyForm,
    );
    expect(data.order).toBe(4);
    const site = fromForm([['photos.profile.width', ' 480 ']], siteForm) as { photos: { profile: { width: unknown } } };
    expect(site.photos.profile.width).toBe(480);
    const typo = fromForm([['order', 'four']], caseStudyForm);
    expect(typo.order).toBe('four');
    const check = caseStudyFrontmatterSchema.safeParse({
      ...buildData(contentFile('content/case-studies/mobile-banking.mdx').document.yaml),
      order: typo.order,
    });
    expect(check.success).toBe(false);
    expect(check.error?.issues[0]?.path).toEqual(['order']);
  });

  it('lists: items in the order submitted, whatever their indices (removed items leave gaps, moved ones keep theirs)', () => {
    const data = fromForm(
      [
        ['tags.3', 'Research'],
        ['tags.0', 'Mobile'],
        ['tags.7', 'Fintech'],
        ['page.outcomes.2.label', 'Rating'],
        ['page.outcomes.2.value', '4.6'],
        ['page.outcomes.0.label', 'Engagement'],
        ['page.outcomes.0.value', '+35%'],
        ['status', 'published'],
      ],
      caseStudyForm,
    ) as { tags: string[]; page: { outcomes: unknown[] } };
    expect(data.tags).toEqual(['Research', 'Mobile', 'Fintech']);
    expect(data.page.outcomes).toEqual([
      { label: 'Rating', value: '4.6' },
      { label: 'Engagement', value: '+35%' },
    ]);
  });

  it('a list of texts drops an item left empty; a required list with no items is []; an optional one is left out', () => {
    const data = fromForm(
      [
        ['about.interests.0', 'Film'],
        ['about.interests.1', ''],
        ['about.interests.2', 'Ceramics'],
      ],
      siteForm,
    ) as { about: Record<string, unknown> };
    expect(data.about.interests).toEqual(['Film', 'Ceramics']);
    expect(data.about.paragraphs).toEqual([]);
    expect('highlights' in data.about).toBe(false);
  });

  it('fields whose showWhen does not hold, and empty optional fields, are left out', () => {
    const published = formValues(buildData(contentFile('test/fixtures/case-studies/private-demo.mdx').document.yaml));
    const comingSoon = fromForm({ ...published, status: 'coming-soon' }, caseStudyForm);
    expect(Object.keys(comingSoon)).not.toContain('page');
    expect(Object.keys(comingSoon)).not.toContain('visibility');
    expect(Object.keys(comingSoon)).not.toContain('lockedNote');
    const isPublic = fromForm({ ...published, visibility: 'public' }, caseStudyForm);
    expect(isPublic.visibility).toBe('public');
    expect('lockedNote' in isPublic).toBe(false);
    expect(caseStudyFrontmatterSchema.safeParse(isPublic).success).toBe(true);
    // An empty select for an optional field with a default: omitted, and lockedNote is hidden (the default is public).
    const byDefault = fromForm({ ...published, visibility: '', lockedNote: 'A note' }, caseStudyForm);
    expect('visibility' in byDefault).toBe(false);
    expect('lockedNote' in byDefault).toBe(false);
    const emptyNote = fromForm({ ...published, lockedNote: '' }, caseStudyForm);
    expect('lockedNote' in emptyNote).toBe(false);
  });

  it('a required text left empty stays "", so the schema reports it and nothing typed is lost', () => {
    const values = formValues(buildData(contentFile('content/case-studies/office-depot.mdx').document.yaml));
    const data = fromForm({ ...values, title: '', 'page.client': '  ' }, caseStudyForm) as Record<string, any>;
    expect(data.title).toBe('');
    expect(data.page.client).toBe('  ');
    const result = caseStudyFrontmatterSchema.safeParse(data);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['title', 'page.client']);
  });

  it('form → applyChanges: a changed outcome in the form changes that line only, in a file the build accepts', () => {
    const { document, form, schema } = contentFile('content/case-studies/office-depot.mdx');
    const values = formValues(buildData(document.yaml));
    const entries = Object.entries({ ...values, 'page.outcomes.0.value': '3.9 → 4.7' });
    const yaml = applyChanges(document.yaml, fromForm(entries, form), form);
    expect(changedSpan(document.yaml, yaml)).toMatchObject({ removed: ['      value: 3.9 → 4.6'], added: ['      value: 3.9 → 4.7'] });
    expect(schema.safeParse(buildData(yaml)).success).toBe(true);
  });

  it('form → applyChanges: switching to private adds visibility and lockedNote after status', () => {
    const { document, form, schema } = contentFile('content/case-studies/office-depot.mdx');
    const values = formValues(buildData(document.yaml));
    const yaml = applyChanges(
      document.yaml,
      fromForm({ ...values, visibility: 'private', lockedNote: 'Ask me for the password.' }, form),
      form,
    );
    expect(changedSpan(document.yaml, yaml)).toEqual({
      from: 16,
      removed: [],
      added: ['visibility: private', 'lockedNote: Ask me for the password.'],
    });
    expect(schema.safeParse(buildData(yaml)).success).toBe(true);
  });
});

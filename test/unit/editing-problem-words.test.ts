import { describe, expect, it } from 'vitest';
import { caseStudyForm, resumeForm, siteForm } from '~/editing/documents/fields';
import { fieldLabel, problemInHerWords, problemsInHerWords } from '~/editing/documents/problem-words';
import { type z } from 'zod';
import { caseStudyFrontmatterSchema, resumeFrontmatterSchema, siteSchema } from '~/content/schema';
import { contentMessages } from '../../pipeline/content/zod-messages';

/**
 * The build's content problems as the editor shows them: by the field's
 * label, with what to do, and no field key, file path or line of YAML.
 */

const DEVELOPER = /field "|content\/|\.ya?ml|\.mdx|`/;

describe('content problems in her words', () => {
  it('an empty name: "“Name” can’t be empty", not the build’s "field "name": must not be empty"', () => {
    const words = problemInHerWords('field "name": must not be empty', fieldLabel(siteForm, 'name'));
    expect(words).toMatch(/^“Name” can’t be empty: fill it in, then publish again\.$/);
  });

  it('fields in groups and list items are named by their labels, an item by its number', () => {
    expect(fieldLabel(caseStudyForm, 'page.summary')).toBeDefined();
    expect(fieldLabel(caseStudyForm, 'page.outcomes.0.value')).toMatch(/^Outcomes 1: Value$/i);
    expect(fieldLabel(resumeForm, 'experience.1.bullets.2')).toMatch(/ 3$/);
    expect(fieldLabel(siteForm, 'no.such.field')).toBeUndefined();
  });

  it.each([
    ['field "order": must be a number', 'order', caseStudyForm],
    ['field "status" must be one of "published", "coming-soon"', 'status', caseStudyForm],
    ['field "title" is missing', 'title', caseStudyForm],
    ['field "image": ./x/card.png is not there: content/case-studies/x/card.png', 'image', caseStudyForm],
  ] as const)('%s', (message, field, form) => {
    const words = problemInHerWords(message, fieldLabel(form, field));
    expect(words).not.toMatch(DEVELOPER);
    expect(words).toMatch(/^“[^”]+”/);
  });

  it('a problem that names no field loses its paths', () => {
    expect(problemInHerWords('content/case-studies/x.mdx:12 unknown block <Foo>', undefined)).not.toMatch(/content\//);
  });
});

describe('a list of problems in her words', () => {
  it('names each by its field’s label, or by its line when it names none, and never the file', () => {
    const words = problemsInHerWords(
      [
        { file: 'content/site.yml', line: 1, field: 'name', message: 'field "name": must not be empty' },
        { file: 'content/case-studies/x.mdx', line: 12, message: 'content/case-studies/x.mdx:12 the text does not close' },
      ],
      siteForm,
    );
    expect(words).toBe('“Name” can’t be empty: fill it in, then publish again. Line 12: the text does not close');
    expect(words).not.toMatch(DEVELOPER);
  });
});

/** What a designer should never read: the schema library's words. */
const SCHEMA_JARGON =
  /\b(Array|String|Number) must|element\(s\)|character\(s\)|Expected |received|Invalid (input|enum|literal|discriminator)|Required|Unrecognized|\bkey\(s\)|\bundefined\b|\bnull\b|: Invalid/;

describe('every wording the content schemas can give, in her words', () => {
  const bounds = (code: 'too_small' | 'too_big') =>
    (['array', 'string', 'number'] as const).flatMap((origin) =>
      [{ inclusive: true }, { inclusive: false }, { inclusive: true, exact: true }].map((side) => ({
        code,
        origin,
        ...(code === 'too_small' ? { minimum: 1 } : { maximum: 120 }),
        ...side,
        input: undefined,
      })),
    );
  const ISSUES = [
    { code: 'invalid_type', expected: 'string', input: undefined },
    { code: 'invalid_type', expected: 'int', input: 1.5 },
    { code: 'invalid_type', expected: 'int', input: 'x' },
    ...['string', 'number', 'array', 'object', 'boolean', 'date'].map((expected) => ({
      code: 'invalid_type',
      expected,
      input: expected === 'string' ? 3 : 'x',
    })),
    ...bounds('too_small'),
    ...bounds('too_big'),
    ...['regex', 'email', 'url', 'starts_with', 'ends_with', 'includes'].map((format) => ({
      code: 'invalid_format',
      format,
      prefix: 'https://',
      suffix: '.png',
      includes: '@',
      input: 'x',
    })),
    { code: 'invalid_value', values: ['published', 'coming-soon'], input: 'drafty' },
    { code: 'unrecognized_keys', keys: ['colour', 'font'], input: {} },
    { code: 'invalid_union', note: 'No matching discriminator', options: ['image', 'quote'], input: {} },
    { code: 'invalid_union', errors: [], input: {} },
    { code: 'not_multiple_of', divisor: 5, input: 3 },
    { code: 'custom', input: 'x' },
  ];

  it.each(ISSUES.map((issue) => [`${issue.code} ${JSON.stringify(issue)}`, issue] as const))('%s', (_name, issue) => {
    const message = contentMessages(issue as never);
    expect(typeof message).toBe('string');
    const words = problemInHerWords(`field "page.team": ${String(message)}`, fieldLabel(caseStudyForm, 'page.team'));
    expect(words, `${String(message)} → ${words}`).not.toMatch(SCHEMA_JARGON);
    expect(words).toMatch(/^“Team”/);
  });

  it('and every problem the schemas raise on a real bad frontmatter, field by field', () => {
    const bad = [
      [
        caseStudyFrontmatterSchema,
        caseStudyForm,
        { title: 'x'.repeat(400), status: 'drafty', order: 'first', tags: [], page: { team: [], outcomes: 'many' }, extra: 1 },
      ],
      [resumeFrontmatterSchema, resumeForm, { experience: [{ title: '' }], skills: 'all', languages: [{ name: 3 }] }],
      [siteSchema, siteForm, { name: '', email: 'not an address', look: { accent: 'teal', neutral: 'blue' }, photos: {} }],
    ] as const;
    let seen = 0;
    for (const [schema, form, data] of bad) {
      const result = (schema as z.ZodType).safeParse(data, { error: contentMessages });
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) {
        const field = issue.path.join('.');
        const words = problemInHerWords(`field "${field}": ${issue.message}`, fieldLabel(form, field));
        expect(words, `${field}: ${issue.message} → ${words}`).not.toMatch(SCHEMA_JARGON);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(10);
  });
});

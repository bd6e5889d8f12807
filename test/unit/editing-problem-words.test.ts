import { describe, expect, it } from 'vitest';
import { caseStudyForm, resumeForm, siteForm } from '~/editing/documents/fields';
import { fieldLabel, problemInHerWords, problemsInHerWords } from '~/editing/documents/problem-words';

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

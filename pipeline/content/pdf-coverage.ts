import { undrawableIn } from '../pdf-fonts/runs';
import { ContentError, type ContentProblem } from './errors';

/**
 * The resume PDF draws the resume with the fonts it embeds (pipeline/pdf-fonts/):
 * Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, Chinese, Japanese and
 * Korean. A character none of them has (an emoji, a rare script) would be
 * left out of the PDF recruiters download, so the check refuses it here,
 * before the publish, naming the field and the character; the page itself
 * could show it, but the page and the PDF must say the same.
 */

type LineOf = (keys: (string | number)[]) => number | undefined;

function* stringFields(value: unknown, at: string[] = []): Generator<[string, string]> {
  if (typeof value === 'string') yield [at.join('.'), value];
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* stringFields(child, [...at, key]);
  }
}

const quoted = (chars: string[]) => chars.map((char) => `“${char}”`).join(', ');

function problem(field: string, chars: string[], lineOf: LineOf): ContentProblem {
  const line = field === '' ? undefined : lineOf(field.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)));
  const what = chars.length === 1 ? `the character ${quoted(chars)}` : `the characters ${quoted(chars)}`;
  return {
    message: `field "${field}": the resume PDF has no font that can draw ${what}, so it would be missing from the PDF: take it out or write it in other words`,
    ...(line === undefined ? {} : { line }),
  };
}

/** Refuses fields the PDF draws (the resume's, its summary, the name in site.yml) with characters it cannot draw. */
export function checkPdfDrawable(file: string, data: unknown, summary: string, lineOf: LineOf) {
  const problems = [...stringFields(data)].flatMap(([field, text]) => {
    const chars = undrawableIn(text);
    return chars.length > 0 ? [problem(field, chars, lineOf)] : [];
  });
  const inSummary = undrawableIn(summary);
  if (inSummary.length > 0)
    problems.push({
      message: `the summary (below the frontmatter): the resume PDF has no font that can draw ${inSummary.length === 1 ? 'the character' : 'the characters'} ${quoted(inSummary)}, so it would be missing from the PDF: take it out or write it in other words`,
    });
  if (problems.length > 0) throw new ContentError(file, problems);
}

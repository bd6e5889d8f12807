import type { z } from 'zod';

/**
 * The wording of content errors. zod 4 says "Too small: expected array to
 * have >=1 items" where zod 3 said "Array must contain at least 1
 * element(s)"; the designer's messages are a promise (docs/content.md quotes
 * them, tests pin them), so content is parsed with this map, which keeps
 * zod 3's words for every issue our schemas can raise. A message set on the
 * schema itself ('must not be empty') still wins over it.
 */

type RawIssue = z.core.$ZodRawIssue;

const quoted = (values: readonly unknown[]) => values.map((value) => `'${String(value)}'`).join(' | ');

/** zod 3's name for what was received (its getParsedType). */
function receivedType(input: unknown): string {
  if (input === undefined) return 'undefined';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (input instanceof Date) return 'date';
  if (typeof input === 'number') return Number.isNaN(input) ? 'nan' : 'number';
  return typeof input;
}

function invalidType(issue: RawIssue & { code: 'invalid_type' }): string {
  if (issue.input === undefined) return 'Required';
  if (issue.expected === 'int') return typeof issue.input === 'number' ? 'Expected integer, received float' : `Expected number, received ${receivedType(issue.input)}`;
  return `Expected ${issue.expected}, received ${receivedType(issue.input)}`;
}

/** How zod 3 worded each bound, by the side it limits: [inclusive, exclusive], and an exact number. */
const BOUND_WORDS = {
  too_small: { array: ['at least', 'more than'], string: ['at least', 'over'], number: ['greater than or equal to ', 'greater than '], exactNumber: 'exactly equal to ' },
  too_big: { array: ['at most', 'less than'], string: ['at most', 'under'], number: ['less than or equal to ', 'less than '], exactNumber: 'exactly ' },
} as const;

function outOfBounds(issue: RawIssue & { code: 'too_small' | 'too_big' }, limit: unknown): string {
  const { origin, inclusive, exact } = issue;
  const words = BOUND_WORDS[issue.code];
  const side = (pair: readonly [string, string]) => (exact ? 'exactly' : inclusive ? pair[0] : pair[1]);
  if (origin === 'array') return `Array must contain ${side(words.array)} ${limit} element(s)`;
  if (origin === 'string') return `String must contain ${side(words.string)} ${limit} character(s)`;
  if (origin === 'number') return `Number must be ${exact ? words.exactNumber : inclusive ? words.number[0] : words.number[1]}${limit}`;
  return 'Invalid input';
}

const tooSmall = (issue: RawIssue & { code: 'too_small' }): string => outOfBounds(issue, issue.minimum);
const tooBig = (issue: RawIssue & { code: 'too_big' }): string => outOfBounds(issue, issue.maximum);

function invalidFormat(issue: RawIssue & { code: 'invalid_format' }): string {
  const { format } = issue;
  if (format === 'regex') return 'Invalid';
  if (format === 'starts_with') return `Invalid input: must start with "${String(issue.prefix)}"`;
  if (format === 'ends_with') return `Invalid input: must end with "${String(issue.suffix)}"`;
  if (format === 'includes') return `Invalid input: must include "${String(issue.includes)}"`;
  return `Invalid ${format}`;
}

function invalidValue(issue: RawIssue & { code: 'invalid_value' }): string {
  const literal = (issue.inst as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def?.type === 'literal';
  if (literal) return `Invalid literal value, expected ${JSON.stringify(issue.values[0])}`;
  return `Invalid enum value. Expected ${quoted(issue.values)}, received '${String(issue.input)}'`;
}

/** zod 3's default message for `issue`; undefined leaves zod's own. */
export const contentMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'invalid_value':
      return invalidValue(issue);
    case 'unrecognized_keys':
      return `Unrecognized key(s) in object: ${issue.keys.map((key) => `'${key}'`).join(', ')}`;
    case 'invalid_union':
      return isNoDiscriminator(issue) ? `Invalid discriminator value. Expected ${quoted(issue.options ?? [])}` : 'Invalid input';
    case 'not_multiple_of':
      return `Number must be a multiple of ${String(issue.divisor)}`;
    case 'custom':
      return 'Invalid input';
    default:
      return undefined;
  }
};

/** Parse options for content: zod 3's words, and the input kept on each issue (a missing field is one whose input is undefined). */
export const CONTENT_PARSE = { error: contentMessages, reportInput: true } as const;

/** A discriminated union whose tag matched no option ("status: drafty"). */
export function isNoDiscriminator(issue: { code?: string; note?: unknown }): issue is { code: 'invalid_union'; options?: readonly unknown[]; note: string } {
  return issue.code === 'invalid_union' && issue.note === 'No matching discriminator';
}

/** A field that is not there at all (as opposed to one of the wrong type). */
export function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'invalid_type' && issue.input === undefined;
}

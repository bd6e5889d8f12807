import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { CONTENT_PARSE } from '../../pipeline/content/zod-messages';

/**
 * Content errors keep zod 3's words under zod 4 (the README quotes them and
 * designers learn them): each default message our schemas can raise.
 */
const message = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, CONTENT_PARSE);
  if (result.success) throw new Error('expected a problem');
  return result.error.issues[0]!.message;
};

describe('content messages are zod 3’s', () => {
  test.each([
    ['a missing field', z.object({ a: z.string() }), {}, 'Required'],
    ['a string where an array belongs', z.array(z.string()), 'x', 'Expected array, received string'],
    ['a string where a number belongs', z.number(), '3', 'Expected number, received string'],
    ['null where text belongs', z.string(), null, 'Expected string, received null'],
    ['a fraction where an integer belongs', z.number().int(), 1.5, 'Expected integer, received float'],
    ['an empty list', z.array(z.string()).min(1), [], 'Array must contain at least 1 element(s)'],
    ['a long list', z.array(z.string()).max(1), ['a', 'b'], 'Array must contain at most 1 element(s)'],
    ['a short string', z.string().min(2), 'a', 'String must contain at least 2 character(s)'],
    ['a long string', z.string().max(4), 'abcde', 'String must contain at most 4 character(s)'],
    ['zero where a positive number belongs', z.number().positive(), 0, 'Number must be greater than 0'],
    ['a number over the maximum', z.number().max(9), 10, 'Number must be less than or equal to 9'],
    ['a number under the minimum', z.number().min(2), 1, 'Number must be greater than or equal to 2'],
    ['a number not under a bound', z.number().lt(3), 3, 'Number must be less than 3'],
    ['a list of the wrong length', z.array(z.string()).length(2), ['a'], 'Array must contain exactly 2 element(s)'],
    ['a list too long for its exact length', z.array(z.string()).length(1), ['a', 'b'], 'Array must contain exactly 1 element(s)'],
    ['a string of the wrong length', z.string().length(3), 'ab', 'String must contain exactly 3 character(s)'],
    ['a string too long for its exact length', z.string().length(1), 'ab', 'String must contain exactly 1 character(s)'],
    ['a bad e-mail', z.string().email(), 'nope', 'Invalid email'],
    ['a bad URL', z.string().url(), 'nope', 'Invalid url'],
    ['a regex miss', z.string().regex(/^a$/), 'b', 'Invalid'],
    ['an unknown key', z.object({}).strict(), { b: 1 }, "Unrecognized key(s) in object: 'b'"],
    ['an unknown enum value', z.enum(['x', 'y']), 'z', "Invalid enum value. Expected 'x' | 'y', received 'z'"],
    ['a wrong literal', z.literal('x'), 'y', 'Invalid literal value, expected "x"'],
    ['a failed refinement', z.string().refine(() => false), 'a', 'Invalid input'],
  ])('%s', (_name, schema, value, expected) => {
    expect(message(schema as z.ZodType, value)).toBe(expected);
  });

  test('an unknown discriminator names the options', () => {
    const schema = z.discriminatedUnion('status', [z.object({ status: z.literal('a') }), z.object({ status: z.literal('b') })]);
    expect(message(schema, { status: 'c' })).toBe("Invalid discriminator value. Expected 'a' | 'b'");
  });

  test('a message set on the schema wins', () => {
    expect(message(z.string().min(1, 'must not be empty'), '')).toBe('must not be empty');
  });
});

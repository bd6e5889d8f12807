/**
 * Narrowing for tests. With noUncheckedIndexedAccess an array item, a regex
 * group or a map entry may be undefined; a test that expected it to be there
 * should fail saying what was missing, not crash later on "cannot read
 * properties of undefined" or hide the gap behind a `!`.
 */

/** `value`, or a failure "expected <what>" when it is undefined or null. */
export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}`);
  return value;
}

/** Item `index` of `list` (negative counts from the end), or a failure naming what was missing and how many there were. */
export function at<T>(list: ArrayLike<T>, index: number, what: string): T {
  const item = Array.from(list).at(index);
  if (item === undefined) throw new Error(`expected ${what} (item ${index} of ${list.length})`);
  return item;
}

/** The single item of `list`, or a failure saying how many there were. */
export function only<T>(list: ArrayLike<T>, what: string): T {
  if (list.length !== 1) throw new Error(`expected exactly one ${what}, found ${list.length}`);
  return at(list, 0, what);
}

/** Capture group `group` of a regex match, or a failure naming what did not match. */
export function group(match: RegExpMatchArray | RegExpExecArray | null | undefined, what: string, index = 1): string {
  const value = match?.[index];
  if (value === undefined) throw new Error(`expected ${what}${match ? ` (group ${index} is empty)` : ' (no match)'}`);
  return value;
}

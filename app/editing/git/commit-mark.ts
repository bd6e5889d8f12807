/**
 * The mark on every commit the editor makes: a git trailer (a blank line,
 * then `Key: value` as the message's last line). Netlify's build `ignore`
 * step (scripts/netlify-ignore.mjs) skips a build only when every new commit
 * carries it and touches only content/, because such a commit is already live
 * from the live store. That script runs before npm install and cannot import
 * this file: it keeps its own copy, and a test checks the two are equal.
 */
export const EDITOR_COMMIT_MARK = 'Published-with: portfolio editor';

/**
 * A second trailer, just above the mark, on an editor publish whose change the
 * deployed site must be built again for although it touches only content/:
 * a case study made private, whose images the deploy serves at public
 * addresses until then. The ignore step builds a range that holds one; the
 * value says why, in the build's log.
 */
export const NEEDS_BUILD_KEY = 'Needs-build';

/** The message's lines without the mark. */
function linesWithoutMark(message: string): string[] {
  const lines = message.replace(/\r\n/g, '\n').trimEnd().split('\n');
  if (lines.at(-1)?.trim() === EDITOR_COMMIT_MARK) lines.pop();
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  return lines;
}

const isBuildTrailer = (line: string | undefined) => Boolean(line?.startsWith(`${NEEDS_BUILD_KEY}: `));

/** The message with its Needs-build trailer (`why`, on one line) as its last paragraph. */
export function withBuildTrailer(message: string, why: string): string {
  return `${message.trimEnd()}\n\n${NEEDS_BUILD_KEY}: ${why.replace(/\s+/g, ' ').trim()}`;
}

/** The message with the mark as its last paragraph (once, however often it is applied), beside a Needs-build trailer. */
export function withEditorMark(message: string): string {
  const lines = linesWithoutMark(message);
  if (lines.length === 0) return EDITOR_COMMIT_MARK;
  return `${lines.join('\n')}${isBuildTrailer(lines.at(-1)) ? '\n' : '\n\n'}${EDITOR_COMMIT_MARK}`;
}

/** The message as the designer wrote it: the mark and the Needs-build trailer are for the build, never shown on her screens. */
export function withoutEditorMark(message: string): string {
  const lines = linesWithoutMark(message);
  while (isBuildTrailer(lines.at(-1))) lines.pop();
  return lines.join('\n').trimEnd();
}

/** The Needs-build trailer's reason, when the message has one. */
export function buildTrailerOf(message: string): string | undefined {
  return linesWithoutMark(message)
    .find(isBuildTrailer)
    ?.slice(NEEDS_BUILD_KEY.length + 2);
}

/** Whether a commit message carries the mark (its last non-empty line). */
export function hasEditorMark(message: string): boolean {
  return message.replace(/\r\n/g, '\n').trimEnd().split('\n').at(-1)?.trim() === EDITOR_COMMIT_MARK;
}

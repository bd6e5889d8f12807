/**
 * The mark on every commit the editor makes: a git trailer (a blank line,
 * then `Key: value` as the message's last line). Netlify's build `ignore`
 * step (scripts/netlify-ignore.mjs) skips a build only when every new commit
 * carries it and touches only content/, because such a commit is already live
 * from the live store. That script runs before npm install and cannot import
 * this file: it keeps its own copy, and a test checks the two are equal.
 */
export const EDITOR_COMMIT_MARK = 'Published-with: portfolio editor';

/** The message with the mark as its last paragraph (once, however often it is applied). */
export function withEditorMark(message: string): string {
  const body = withoutEditorMark(message);
  return body ? `${body}\n\n${EDITOR_COMMIT_MARK}` : EDITOR_COMMIT_MARK;
}

/** The message as the designer wrote it: the mark is for the build, never shown on her screens. */
export function withoutEditorMark(message: string): string {
  const lines = message.replace(/\r\n/g, '\n').trimEnd().split('\n');
  if (lines.at(-1)?.trim() === EDITOR_COMMIT_MARK) lines.pop();
  return lines.join('\n').trimEnd();
}

/** Whether a commit message carries the mark (its last non-empty line). */
export function hasEditorMark(message: string): boolean {
  return message.replace(/\r\n/g, '\n').trimEnd().split('\n').at(-1)?.trim() === EDITOR_COMMIT_MARK;
}

/**
 * The one reader of a content file's frontmatter fences, for the build, the
 * content check and the editor alike. It only splits text: the YAML between
 * the fences is read by the `yaml` package, and nothing in a file can choose
 * another reader. (gray-matter, which mdx-bundler uses, runs frontmatter that
 * opens with `---js` as JavaScript: content must never run code.)
 */

/** `---` on the first line, closed by the next line that is `---`. */
const FENCED = /^(---[ \t]*\r?\n)([\s\S]*?)(^---[ \t]*(?:\r?\n|$))/m;

/** A first line that names a frontmatter language (`---js`, `--- javascript`, `---json`…). */
const NAMED_LANGUAGE = /^---[ \t]*([^\s-][^\r\n]*?)[ \t]*\r?$/m;

export type FrontmatterFences = {
  /** The opening fence with its line end. */
  open: string;
  /** The YAML between the fences. */
  yaml: string;
  /** The closing fence with its line end ('' at the end of the file). */
  close: string;
  /** Everything after the closing fence. */
  body: string;
};

/** The file's frontmatter and body, `open + yaml + close + body` byte for byte; undefined when it has no YAML frontmatter. */
export function splitFrontmatter(text: string): FrontmatterFences | undefined {
  if (!text.startsWith('---')) return undefined;
  const match = FENCED.exec(text);
  if (!match || match.index !== 0) return undefined;
  const [whole, open = '', yaml = '', close = ''] = match;
  return { open, yaml, close, body: text.slice(whole.length) };
}

/**
 * The language a file's first line names for its frontmatter (`js` for
 * `---js`), or undefined for a plain `---` (YAML) or no frontmatter at all.
 * Any named language is refused: frontmatter is YAML, and YAML only.
 */
export function frontmatterLanguage(text: string): string | undefined {
  const firstLine = /^[^\n]*/.exec(text)?.[0] ?? '';
  if (!firstLine.startsWith('---')) return undefined;
  return NAMED_LANGUAGE.exec(firstLine)?.[1];
}

/** The words for a file whose frontmatter names a language: what is wrong, and the fix. */
export function namedLanguageProblem(language: string): string {
  return `the frontmatter is marked "${language}" on its first line, but frontmatter is YAML only and is never run as code: make the first line just "---" and write the fields as YAML`;
}

/**
 * The words a developer reads and a designer should never meet on her own
 * screens (/admin): file paths, raw field names and frontmatter keys, block
 * tags, commit ids, the names of file formats and protocols, a program's
 * leftovers (undefined, null, a stack trace, an errno) and git's words. One
 * check for the screens' source (test/unit/designer-words.test.ts) and for
 * what Chromium renders (test/e2e/content-recently-deleted.test.ts).
 */

/** Each kind of developer word, with what it is called in a failure. */
export const DEVELOPER_WORDS: [kind: string, pattern: RegExp][] = [
  ['a file path', /(^|[\s`"'(“‘])(content|public|app|test)\/[\w.-]/],
  ['a file name', /[\w-]\.(mdx|ya?ml|json|tsx?)\b/i],
  ['a field name', /\b(Src|Href|src=|href=|alt=)\b|^\s*(src|href|alt)\s*$/],
  ['a frontmatter key', /(^|[\s"“‘(])[a-z]+[A-Z][a-zA-Z]*\b/],
  ['a block tag', /<\/?[A-Z][A-Za-z]*[\s/>]|\b(BEFOREAFTER|BeforeAfter)\b/],
  ['a commit id', /\bVersion [0-9a-f]{7}|(^|[^\w#/-])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/],
  ['a format or protocol', /\b(YAML|MDX|JSON|front ?matter)\b/i],
  // In capitals only: an address (https://…) is hers to copy.
  ['a format or protocol', /\bHTTPS?\b/],
  [
    'a status code',
    /\b(status|error|code|answered) [1-5]\d\d\b|\b[45]\d\d (Not Found|Bad Request|Forbidden|Unauthorized|Conflict|Internal Server Error)\b/i,
  ],
  [
    'a program’s leftover',
    /\b(undefined|null|NaN)\b|\[object \w+\]|\bstack trace\b|\n\s+at \S+ \(|\b(Type|Reference|Syntax)Error\b|\bE(CONNREFUSED|CONNRESET|TIMEDOUT|NOTFOUND|NOENT|ACCES|PIPE|HOSTUNREACH|AI_AGAIN)\b/,
  ],
  ['a git word', /\b(commit(s|ted)?|push(ed|es)?|branch(es)?|repositor(y|ies)|checkout|check out|upstream|maintainers?|merge|clone)\b/i],
  // In capitals only: a page's <head> is markup, and "head" plain English.
  ['a git word', /\bHEAD\b/],
  ['a setting’s name', /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/],
];

/**
 * Words that look like a developer's but are hers, each with why. Keep it
 * short: a word goes here only when a designer would use it herself.
 */
const HERS: RegExp[] = [
  // Brand names spelled as their makers spell them (the publishing and settings screens name them).
  /\b(GitHub|LinkedIn|JavaScript|PostgreSQL|iPhone|iPad|macOS|iOS|YouTube|WebM|WordPress)\b/g,
  // A setting in Netlify's list, by the name that list shows: she finds it there to change or remove it.
  /Netlify’s settings \([A-Z][A-Z0-9_]*( and [A-Z][A-Z0-9_]*)?\)|\(it is named\s+[A-Z][A-Z0-9_]*\s+there\)/g,
  // Netlify's menu, named as Netlify names it, where she clicks to check the padlock of her own domain.
  /Domain management → HTTPS/g,
];

/**
 * Git's own words that stay on the one screen that connects the site to
 * GitHub: she creates the token on GitHub, whose form asks for a
 * "Repository", "Repository access" and "Repository permissions", so the
 * steps must name them as GitHub does.
 */
export const GITHUB_STEPS = /\b(repositor(y|ies)|Repository access|Repository permissions|Only select repositories|Branch)\b/gi;

/** The developer words in `text`, each as "kind: the words around it"; none is a pass. */
export function developerWords(text: string, { githubSteps = false } = {}): string[] {
  let plain = text;
  for (const hers of HERS) plain = plain.replace(hers, ' ');
  if (githubSteps) plain = plain.replace(GITHUB_STEPS, ' ');
  const found: string[] = [];
  for (const [kind, pattern] of DEVELOPER_WORDS) {
    const match = pattern.exec(plain);
    if (!match) continue;
    const at = match.index;
    found.push(
      `${kind}: “${plain
        .slice(Math.max(0, at - 30), at + match[0].length + 30)
        .replace(/\s+/g, ' ')
        .trim()}”`,
    );
  }
  return found;
}

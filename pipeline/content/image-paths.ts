/**
 * Markdown image paths as designers write them. A file exported from Finder
 * or Figma is named "Trip Planner Wireframes.png", and
 * `![Wireframes](./trip-planner/Trip Planner Wireframes.png)` is what gets
 * typed; CommonMark reads a space as the end of the path, so that line would
 * reach the page as text. Before the story is parsed, such a path is
 * wrapped in CommonMark's own brackets, `(<./trip-planner/Trip Planner
 * Wireframes.png>)`, which means the same file. Each rewrite stays on its
 * line, so every line the build reports is still the file's own.
 *
 * Code (fenced blocks and `inline code`) is left as written.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A title after the path: "caption", 'caption' or (caption), as CommonMark allows. */
const TITLE = /^(.*?)[ \t]+("[^"]*"|'[^']*'|\([^()]*\))[ \t]*$/;

/** The line with its code spans blanked out (same length), so nothing inside them is read as an image. */
export function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[\s\S]*?\1/g, (span) => ' '.repeat(span.length));
}

/** Index of the `)` closing the `(` just before `from`, counting nested parentheses; -1 when the line has none. */
function closingParen(line: string, from: number): number {
  let depth = 0;
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** What goes between `(` and `)` for this destination: the same, or the path in <…> when it holds spaces. */
function bracketed(inside: string): string {
  const trimmed = inside.trim();
  if (trimmed.startsWith('<') || !/\s/.test(trimmed)) return inside;
  const [, titledTarget, titledTitle] = TITLE.exec(trimmed) ?? [];
  const [target, title] = titledTarget !== undefined ? [titledTarget.trim(), titledTitle] : [trimmed, undefined];
  // A path that still has no space, or one with brackets of its own, is left for the parser (and the check) to judge.
  if (!/\s/.test(target) || /[<>]/.test(target)) return inside;
  return title === undefined ? `<${target}>` : `<${target}> ${title}`;
}

function bracketLine(line: string): string {
  const masked = withoutCodeSpans(line);
  let out = '';
  let copied = 0;
  for (const match of masked.matchAll(/!\[[^\]]*\]\(/g)) {
    const open = match.index + match[0].length;
    if (open < copied) continue;
    const close = closingParen(masked, open);
    if (close === -1) continue;
    const inside = line.slice(open, close);
    const replaced = bracketed(inside);
    if (replaced === inside) continue;
    out += line.slice(copied, open) + replaced;
    copied = close;
  }
  return copied === 0 ? line : out + line.slice(copied);
}

/** `source` with every Markdown image path that holds spaces written in <…>; line for line the same file. */
export function bracketImagePathsWithSpaces(source: string): string {
  if (!source.includes('![')) return source;
  let fence: string | undefined;
  return source
    .split('\n')
    .map((line) => {
      const marker = FENCE.exec(line)?.[1];
      if (fence !== undefined) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
        return line;
      }
      if (marker) {
        fence = marker;
        return line;
      }
      return bracketLine(line);
    })
    .join('\n');
}

/**
 * The file a story path names on disk: as written, or with its %-escapes
 * decoded (`Trip%20Planner.png` is the file "Trip Planner.png", as in a
 * browser). Undefined when the escapes are broken.
 */
export function decodedImagePath(written: string): string | undefined {
  if (!/%[0-9a-f]{2}/i.test(written)) return undefined;
  try {
    const decoded = decodeURI(written);
    return decoded === written ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/**
 * Image syntax that reached the page as text: `![` still in a text node of
 * the story. `raw` is the node's own source, so an escaped `!\[` (text the
 * writer meant) is not one.
 */
export function leftoverImageSyntax(text: string, raw: string | undefined): { offset: number; snippet: string } | undefined {
  const offset = text.indexOf('![');
  if (offset === -1) return undefined;
  if (raw !== undefined && !raw.includes('![')) return undefined;
  const [snippet = ''] = text.slice(offset).split('\n', 1);
  return { offset, snippet: snippet.length > 80 ? `${snippet.slice(0, 77)}...` : snippet };
}

/** The fix, in the writer's words, for image syntax that shows as text. */
export function leftoverImageFix(snippet: string): string {
  return (
    `"${snippet}" shows on the page as text, not as an image: write it on its own line as ![what it shows](./folder/file.png)` +
    ` (a path with spaces or brackets goes in <…>: ![what it shows](<./folder/My file (1).png>)), or rename the file without spaces`
  );
}

/**
 * The body as the file holds it, around what the editor edits. The editor
 * sees Markdown without the blank line that follows the frontmatter, and
 * writes it back ending in its own newlines; these keep the file's own.
 */
export type BodyFrame = { lead: string; markdown: string; trail: string };

export function frameBody(body: string): BodyFrame {
  const lead = /^\s*/.exec(body)?.[0] ?? '';
  const rest = body.slice(lead.length);
  const trail = rest === '' ? '' : (/\s*$/.exec(rest)?.[0] ?? '');
  return { lead, markdown: rest.slice(0, rest.length - trail.length), trail };
}

/** The body with `markdown` (the editor's export) in the frame: the same bytes when nothing was edited. */
export function unframeBody(frame: BodyFrame, markdown: string): string {
  const core = tidyBlankLines(markdown).replace(/^\s+/, '').replace(/\s+$/, '');
  if (core === '') return frame.lead === '' && frame.markdown === '' ? '' : `${frame.lead}${frame.trail}`;
  // A body that was empty (a coming-soon case study) gets the house layout: a blank line after the frontmatter, a final newline.
  return frame.markdown === '' && frame.lead === '' ? `\n${core}\n` : `${frame.lead}${core}${frame.trail || '\n'}`;
}

/**
 * The editor's export with each run of blank lines made one. An empty
 * paragraph (Enter pressed twice between two blocks) is exported as nothing
 * between blank lines, and read back as no paragraph at all: kept, those
 * lines would vanish the next time the editor opened the file, a change she
 * never made (a draft of blank lines, right after a publish). Fenced code
 * keeps its lines as written.
 */
export function tidyBlankLines(markdown: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  let blank = false;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && marker?.startsWith(fence)) fence = null;
    const isBlank = fence === null && line.trim() === '';
    if (isBlank && blank) continue;
    blank = isBlank;
    kept.push(line);
  }
  return kept.join('\n');
}

/** Two bodies that differ at most by runs of blank lines: the same story, to the site and to the editor. */
export const sameBesideBlankLines = (a: string, b: string): boolean => tidyBlankLines(a) === tidyBlankLines(b);

/** Where a story's images are previewed: `./slug/x.png` in content/case-studies/slug.mdx is under /admin/content/api/media/. */
export function mediaUrl(documentPath: string, src: string): string {
  if (!src.startsWith('./')) return src;
  const folder = documentPath.split('/').slice(0, -1).join('/');
  return `/admin/content/api/media/${folder}/${src.slice(2)}`;
}

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
  const core = markdown.replace(/^\s+/, '').replace(/\s+$/, '');
  if (core === '') return frame.lead === '' && frame.markdown === '' ? '' : `${frame.lead}${frame.trail}`;
  // A body that was empty (a coming-soon case study) gets the house layout: a blank line after the frontmatter, a final newline.
  return frame.markdown === '' && frame.lead === '' ? `\n${core}\n` : `${frame.lead}${core}${frame.trail || '\n'}`;
}

/** Where a story's images are previewed: `./slug/x.png` in content/case-studies/slug.mdx is under /admin/content/api/media/. */
export function mediaUrl(documentPath: string, src: string): string {
  if (!src.startsWith('./')) return src;
  const folder = documentPath.split('/').slice(0, -1).join('/');
  return `/admin/content/api/media/${folder}/${src.slice(2)}`;
}

/** A case study's title, at most: longer ones break the cards' and the sharing image's layout. */
export const TITLE_MAX = 120;
/** From how many characters the box shows its count, so the limit is seen coming rather than met. */
export const TITLE_COUNT_FROM = 100;

/** The title cut on a word to at most `max` characters, without the comma, dash or colon a cut can leave at its end. */
export function cutOnWord(title: string, max = TITLE_MAX): string {
  if (title.length <= max) return title;
  const short = title.slice(0, max + 1);
  const space = short.lastIndexOf(' ');
  // A single word longer than half the limit: cut inside it rather than keep next to nothing.
  const kept = space > max / 2 ? short.slice(0, space) : title.slice(0, max);
  return kept.replace(/[\s,;:–—-]+$/u, '');
}

/**
 * Said when a title is over the limit, with the title cut on a word put back
 * in its box: nothing is made until she has seen where it ends.
 */
export function overLimitNote(title: string): { note: string; cut: string } | null {
  if (title.length <= TITLE_MAX) return null;
  const cut = cutOnWord(title);
  const tail = cut.split(' ').slice(-4).join(' ');
  return {
    cut,
    note: `A title holds ${TITLE_MAX} characters and yours has ${title.length}. Cut on a word, it now ends “…${tail}”: press Create to keep it so, or shorten it your way.`,
  };
}

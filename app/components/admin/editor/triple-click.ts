const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, blockquote';

/**
 * A triple click selects a paragraph; Chromium ends that selection at the
 * start of the next block, so typing over it (the editor deletes the
 * selection first) merged the heading below into the paragraph. Called
 * before the editor reads the click, this ends the selection at the end of
 * the block it starts in, as a reader expects.
 */
export function keepTripleClickInBlock(event: { detail: number }, editable: Element | null | undefined): void {
  if (event.detail < 3 || !editable) return;
  const selection = getSelection();
  if (!selection || selection.rangeCount === 0) return;
  const range = selection.getRangeAt(0);
  const start = range.startContainer instanceof Element ? range.startContainer : range.startContainer.parentElement;
  const block = start?.closest(BLOCKS);
  if (!block || !editable.contains(block) || block.contains(range.endContainer)) return;
  // Only when nothing readable lies between the block's end and the selection's end: a real drag over two blocks stays.
  const beyond = document.createRange();
  beyond.setStart(block, block.childNodes.length);
  beyond.setEnd(range.endContainer, range.endOffset);
  if (beyond.toString() !== '') return;
  const within = document.createRange();
  within.setStart(range.startContainer, range.startOffset);
  const last = lastText(block);
  if (last) within.setEnd(last, last.length);
  else within.setEnd(block, block.childNodes.length);
  selection.removeAllRanges();
  selection.addRange(within);
}

function lastText(block: Element): Text | null {
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  let last: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node as Text;
  return last;
}

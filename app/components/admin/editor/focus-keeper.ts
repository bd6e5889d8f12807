/**
 * Focus through the editor's own changes. A card's element is taken out of
 * the page and put back when its block moves, or when Undo and Redo move it
 * back: the browser then drops the focus to the page, and the next key
 * (another Ctrl+Z) reaches nothing. The card control that had the focus is
 * remembered until focus goes to another element, and gets it back.
 */
let kept: HTMLElement | null = null;

export function keepFocusIn(card: HTMLElement): () => void {
  const focusIn = (event: FocusEvent) => void (kept = event.target as HTMLElement);
  // Focus that goes somewhere (relatedTarget) was given away on purpose; focus that goes nowhere may come back.
  const focusOut = (event: FocusEvent) => void (event.relatedTarget && (kept = null));
  card.addEventListener('focusin', focusIn);
  card.addEventListener('focusout', focusOut);
  return () => {
    card.removeEventListener('focusin', focusIn);
    card.removeEventListener('focusout', focusOut);
  };
}

/** After an undo or redo: the remembered control gets the focus back, if the page has it and the control is still there. */
export function restoreKeptFocus(): void {
  const lost = !document.activeElement || document.activeElement === document.body;
  if (lost && kept?.isConnected) kept.focus();
}

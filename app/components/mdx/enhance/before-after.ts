/**
 * The before/after comparison slider. CSS already lays the two images over
 * each other where scripts run (story.css); this moves the divide as the
 * range input changes, by keyboard (arrows, Home, End, Page Up/Down), pointer
 * or touch drag, and says the split in words for screen readers.
 */
export function enhance(story: HTMLElement): () => void {
  const undo: (() => void)[] = [];
  for (const block of story.querySelectorAll<HTMLElement>('[data-block="before-after"]')) {
    const stage = block.querySelector<HTMLElement>('.before-after-stage');
    const range = block.querySelector<HTMLInputElement>('.before-after-range');
    if (!stage || !range) continue;
    const [before, after] = [...block.querySelectorAll('.before-after-label')].map((label) => label.textContent ?? '');
    const update = () => {
      const value = Number(range.value);
      stage.style.setProperty('--split', `${value}%`);
      range.setAttribute('aria-valuetext', `${before} ${value}%, ${after} ${100 - value}%`);
    };
    range.addEventListener('input', update);
    update();
    // Under the slider the two images are one control: their zoom links leave the tab order.
    const links = [...block.querySelectorAll<HTMLAnchorElement>('a[data-zoom]')];
    links.forEach((link) => (link.tabIndex = -1));
    block.dataset.enhanced = '';
    undo.push(() => {
      range.removeEventListener('input', update);
      links.forEach((link) => link.removeAttribute('tabindex'));
      delete block.dataset.enhanced;
    });
  }
  return () => undo.forEach((fn) => fn());
}

/**
 * The before/after comparison slider (an island, app/islands/boot.ts). CSS
 * already lays the two images over each other where scripts run
 * (story.css); this moves the divide as the range input changes, by keyboard
 * (arrows, Home, End, Page Up/Down), pointer or touch drag, and says the
 * split in words for screen readers. Should it fail to load, the block is
 * marked data-island-failed and shows its two images side by side again.
 */
export function start() {
  for (const block of document.querySelectorAll<HTMLElement>('[data-block="before-after"]')) {
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
    // A page restored from the back/forward cache keeps the range's value: the divide follows it.
    addEventListener('pageshow', update);
    update();
    // Under the slider the two images are one control: their zoom links leave the tab order.
    block.querySelectorAll<HTMLAnchorElement>('a[data-zoom]').forEach((link) => (link.tabIndex = -1));
    block.dataset.enhanced = '';
  }
}

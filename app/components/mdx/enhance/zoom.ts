/**
 * The zoom viewer (an island, app/islands/boot.ts). Without JavaScript every
 * story image links to its largest file; with it, the link opens a modal
 * <dialog> instead: focus moves to it, Escape (or the close button, or a
 * click outside the image) closes it, focus returns to the image that opened
 * it, and the arrow keys step through the page's images.
 */
const ICONS = {
  prev: 'M15 18l-6-6 6-6',
  next: 'M9 6l6 6-6 6',
  close: 'M6 6l12 12M18 6L6 18',
};

function iconButton(kind: keyof typeof ICONS, label: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `zoom-button zoom-${kind}`;
  button.setAttribute('aria-label', label);
  button.innerHTML = `<svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${ICONS[kind]}"/></svg>`;
  return button;
}

export function start() {
  const story = document.querySelector<HTMLElement>('.story')!;
  // Images under a before/after slider are compared there, not zoomed.
  const links = [...story.querySelectorAll<HTMLAnchorElement>('a[data-zoom]')].filter(
    (link) => !link.closest('[data-block="before-after"]'),
  );
  if (links.length === 0) return;

  const dialog = document.createElement('dialog');
  dialog.className = 'zoom-dialog';
  dialog.setAttribute('aria-labelledby', 'zoom-caption');
  const figure = document.createElement('figure');
  figure.className = 'zoom-figure';
  const image = document.createElement('img');
  image.className = 'zoom-image';
  image.decoding = 'async';
  const caption = document.createElement('figcaption');
  caption.className = 'zoom-caption';
  caption.id = 'zoom-caption';
  // The image joins the dialog when it first opens: an <img> without a source has no place in the page.
  figure.append(caption);
  const close = iconButton('close', 'Close');
  const prev = iconButton('prev', 'Previous image');
  const next = iconButton('next', 'Next image');
  dialog.append(figure, close);
  if (links.length > 1) dialog.append(prev, next);
  document.body.append(dialog);

  let index = 0;
  let opener: HTMLElement | null = null;

  function show(at: number) {
    index = (at + links.length) % links.length;
    const link = links[index];
    if (!link) return;
    if (!image.isConnected) figure.prepend(image);
    const source = link.querySelector('img');
    image.src = link.getAttribute('href') ?? link.href;
    image.alt = source?.alt ?? '';
    // The thumbnail's intrinsic size: the viewer keeps the shape before the big file arrives.
    image.width = Number(source?.getAttribute('width')) || 0;
    image.height = Number(source?.getAttribute('height')) || 0;
    const text = link.closest('figure')?.querySelector(':scope > figcaption')?.textContent?.trim();
    caption.textContent = `${links.length > 1 ? `${index + 1} of ${links.length}. ` : ''}${text || image.alt}`;
  }

  function onClick(event: MouseEvent) {
    const link = (event.target as Element).closest?.('a[data-zoom]');
    const at = links.indexOf(link as HTMLAnchorElement);
    // A modified click still opens the file in a new tab, as links do.
    if (at === -1 || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener = link as HTMLElement;
    show(at);
    dialog.showModal();
    close.focus();
  }

  function onKey(event: KeyboardEvent) {
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else return;
    event.preventDefault();
  }

  // A click on the backdrop (the dialog itself, outside the figure and the buttons) closes it.
  const onDialogClick = (event: MouseEvent) => event.target === dialog && dialog.close();
  const onClose = () => opener?.focus();

  story.addEventListener('click', onClick);
  dialog.addEventListener('keydown', onKey);
  dialog.addEventListener('click', onDialogClick);
  dialog.addEventListener('close', onClose);
  close.addEventListener('click', () => dialog.close());
  prev.addEventListener('click', () => show(index - 1));
  next.addEventListener('click', () => show(index + 1));
  // Back from the file a modified click opened, or from another page: the viewer is closed.
  addEventListener('pagehide', () => dialog.open && dialog.close());
}

/**
 * Reordering by dragging a handle with the pointer (mouse, pen or finger),
 * not HTML drag and drop: that one cannot be styled, never starts from a
 * touch, and the story's editor reads its own drop events. While the handle
 * is held, a line shows where the item will land; letting go there moves it,
 * Escape or letting go where it started leaves it.
 */
export type PointerReorder = {
  /** The items in their order, the dragged one among them. */
  items: HTMLElement[];
  /** The dragged item's index. */
  from: number;
  /** Called once on letting go, with the item's index among the others, when it changed. */
  onDrop: (to: number) => void;
};

const EDGE = 64;

export function startPointerReorder(event: PointerEvent | React.PointerEvent<HTMLElement>, { items, from, onDrop }: PointerReorder) {
  if (event.button !== 0 || !items[from]) return;
  event.preventDefault();
  const handle = event.currentTarget as HTMLElement;
  const dragged = items[from];
  const others = items.filter((_, i) => i !== from);
  const line = document.createElement('div');
  line.setAttribute('data-drop-line', '');
  line.setAttribute('aria-hidden', 'true');
  line.style.cssText =
    'position:fixed;height:3px;border-radius:2px;background:var(--color-accent,#4f46e5);pointer-events:none;z-index:60;display:none';
  document.body.append(line);
  dragged.setAttribute('data-dragging', '');
  let to = from;

  const place = (y: number) => {
    // Where the pointer is, among the others: past every item whose middle it is below.
    to = others.filter((item) => {
      const box = item.getBoundingClientRect();
      return y > box.top + box.height / 2;
    }).length;
    const box = dragged.getBoundingClientRect();
    const edge = to < others.length ? others[to]!.getBoundingClientRect().top - 6 : others.at(-1)!.getBoundingClientRect().bottom + 4;
    line.style.display = to === from ? 'none' : 'block';
    line.style.top = `${edge}px`;
    line.style.left = `${box.left}px`;
    line.style.width = `${box.width}px`;
  };
  const move = (e: PointerEvent) => {
    if (e.clientY < EDGE) window.scrollBy(0, -16);
    else if (e.clientY > window.innerHeight - EDGE) window.scrollBy(0, 16);
    place(e.clientY);
  };
  const end = (drop: boolean) => {
    handle.removeEventListener('pointermove', move);
    handle.removeEventListener('pointerup', up);
    handle.removeEventListener('pointercancel', cancel);
    window.removeEventListener('keydown', escape, true);
    line.remove();
    dragged.removeAttribute('data-dragging');
    if (drop && to !== from) onDrop(to);
  };
  const up = () => end(true);
  const cancel = () => end(false);
  const escape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    end(false);
  };
  if (!others.length) return void end(false);
  handle.setPointerCapture(event.pointerId);
  handle.addEventListener('pointermove', move);
  handle.addEventListener('pointerup', up);
  handle.addEventListener('pointercancel', cancel);
  window.addEventListener('keydown', escape, true);
}

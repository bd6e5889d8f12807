import { useEffect, useRef, type PointerEvent } from 'react';

/**
 * Move up, Move down and a drag handle, for a story block or a gallery's
 * image. The buttons are disabled at the ends; the handle moves with the
 * pointer, or with the arrow keys once focused. `what` names the item as a
 * sentence does: "the quote", "image 2".
 */
export type MoveControlsProps = {
  what: string;
  first: boolean;
  last: boolean;
  /** `control` is the one that asked: focus goes back to it. */
  onMove: (step: -1 | 1, control: 'up' | 'down' | 'drag') => void;
  onDragStart: (event: PointerEvent<HTMLButtonElement>) => void;
};

const BUTTON =
  'inline-flex size-8 items-center justify-center rounded-full text-fg-muted hover:bg-bg-muted hover:text-fg disabled:opacity-35 disabled:hover:bg-transparent';

export function MoveControls({ what, first, last, onMove, onDragStart }: MoveControlsProps) {
  const handle = useRef<HTMLButtonElement>(null);
  // ↑/↓ on the focused handle. A listener of the handle's own, not React's: the card keeps keys from the
  // story's editor (BlockCard.tsx), and React only hears them after that editor has.
  useEffect(() => {
    const element = handle.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
      if (!step) return;
      event.preventDefault();
      event.stopPropagation();
      if ((step === -1 && !first) || (step === 1 && !last)) onMove(step, 'drag');
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  });
  return (
    <div className="flex items-center gap-0.5" data-move-controls>
      <button
        type="button"
        data-move="drag"
        aria-label={`Drag to move ${what}`}
        title="Drag to move, or use the arrow keys"
        ref={handle}
        onPointerDown={onDragStart}
        className={`${BUTTON} cursor-grab touch-none active:cursor-grabbing`}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4 fill-current">
          <circle cx="5.5" cy="3.5" r="1.25" />
          <circle cx="10.5" cy="3.5" r="1.25" />
          <circle cx="5.5" cy="8" r="1.25" />
          <circle cx="10.5" cy="8" r="1.25" />
          <circle cx="5.5" cy="12.5" r="1.25" />
          <circle cx="10.5" cy="12.5" r="1.25" />
        </svg>
      </button>
      <button
        type="button"
        data-move="up"
        aria-label={`Move ${what} up`}
        disabled={first}
        onClick={() => onMove(-1, 'up')}
        className={BUTTON}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4 fill-none stroke-current stroke-2">
          <path d="M8 13V3M3.5 7.5 8 3l4.5 4.5" />
        </svg>
      </button>
      <button
        type="button"
        data-move="down"
        aria-label={`Move ${what} down`}
        disabled={last}
        onClick={() => onMove(1, 'down')}
        className={BUTTON}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4 fill-none stroke-current stroke-2">
          <path d="M8 3v10M3.5 8.5 8 13l4.5-4.5" />
        </svg>
      </button>
    </div>
  );
}

/** After a move: focus stays on the control that made it, or on its twin when that one is now disabled at an end. */
export type MoveControl = 'up' | 'down' | 'drag';

/** Alt+↑/↓ moves from a card's controls; text (fields, the nested editors) and selects keep the keys for themselves. */
export function movesWithAlt(target: HTMLElement): boolean {
  return !target.isContentEditable && !target.closest('textarea, select, input:not([type="checkbox"])');
}

export function focusMoveControl(scope: HTMLElement | null, control: MoveControl, place: { first: boolean; last: boolean }) {
  let target = control;
  if (control === 'up' && place.first) target = 'down';
  if (control === 'down' && place.last) target = 'up';
  scope?.querySelector<HTMLButtonElement>(`[data-move="${target}"]`)?.focus();
}

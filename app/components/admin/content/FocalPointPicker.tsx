import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { FOCAL_STEP, clamp, focalPointClasses, formatFocalPoint, parseFocalPoint, type FocalPoint } from '~/content/focal-point';
import type { CropFrame } from '~/editing/documents/image-fields';

/**
 * An image's focal point: the part that must stay in frame wherever the site
 * crops it. A text field ("50% 30%": across, then down), which is all there
 * is without JavaScript; the image whole, with a cross on the point; and the
 * frames the site crops it to, so the designer sees what each will show.
 * With JavaScript a click (or a drag) on the image moves the point, and so
 * do the arrow keys once it has focus (5% a press, 1% with Shift).
 *
 * The cross and the frames read the point from CSS variables (the classes of
 * app/styles/focal-point.css; the owner's pages allow no inline style either),
 * which a change sets on the container. The field is the form's own input, so
 * the draft keeps the point and Publish writes it beside the image's path.
 *
 * Hook: data-focal-point="<field>" on the container; the image is
 * [data-focal-area], the cross [data-focal-marker].
 */

/** Each frame's width and proportions, at about the same height. */
const FRAME_SIZE: Record<CropFrame['aspect'], { width: string; aspect: string }> = {
  square: { width: 'w-24', aspect: 'aspect-square' },
  portrait: { width: 'w-20', aspect: 'aspect-[4/5]' },
  card: { width: 'w-40', aspect: 'aspect-[16/10]' },
  sharing: { width: 'w-20', aspect: 'aspect-[448/550]' },
};

const CONTROL =
  'block w-full rounded-lg border bg-bg px-3 py-2.5 text-base text-fg shadow-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring/30 sm:max-w-48 sm:text-[0.9375rem]';

type Props = {
  /** The input's name: photos.about.focus, focus. */
  name: string;
  /** Its id, and the prefix of the hint's and the error's. */
  id: string;
  value: string;
  /** The image as the owner sees it (the editor's media route), or null before there is one. */
  image: string | null;
  frames: readonly CropFrame[];
  error?: string;
};

const inWords = ({ x, y }: FocalPoint) => `${Math.round(x)}% across, ${Math.round(y)}% down`;

export function FocalPointPicker({ name, id, value, image, frames, error }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const dragging = useRef(false);
  const [enhanced, setEnhanced] = useState(false);
  const [point, setPoint] = useState<FocalPoint | null>(() => parseFocalPoint(value));
  const shown = point ?? { x: 50, y: 50 };

  useEffect(() => setEnhanced(true), []);

  // The frames show what the site will (its classes step by 5%); the cross sits exactly where she put it.
  useEffect(() => {
    const style = root.current?.style;
    if (!style || !enhanced) return;
    const step = (v: number) => `${Math.round(clamp(v) / FOCAL_STEP) * FOCAL_STEP}%`;
    style.setProperty('--focal-x', step(shown.x));
    style.setProperty('--focal-y', step(shown.y));
    style.setProperty('--marker-x', `${shown.x}%`);
    style.setProperty('--marker-y', `${shown.y}%`);
  }, [enhanced, shown.x, shown.y]);

  /** Writes the point into the form's field and tells the form (its draft is kept as it changes). */
  const choose = (next: FocalPoint | null) => {
    setPoint(next);
    const field = input.current;
    if (!field) return;
    field.value = next ? formatFocalPoint(next) : '';
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };

  const pointAt = (event: PointerEvent<HTMLElement>): FocalPoint => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: Math.round(clamp(((event.clientX - box.left) / box.width) * 100)),
      y: Math.round(clamp(((event.clientY - box.top) / box.height) * 100)),
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = true;
    choose(pointAt(event));
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (dragging.current) choose(pointAt(event));
  };
  const onPointerUp = () => {
    dragging.current = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.shiftKey ? 1 : 5;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    choose({ x: clamp(Math.round(shown.x) + move[0]), y: clamp(Math.round(shown.y) + move[1]) });
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div ref={root} data-focal-point={name} className={`grid gap-3 ${focalPointClasses(value).replace('object-focal', '')}`}>
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          Focal point
        </label>
        <p id={hintId} className="text-xs text-fg-muted">
          {enhanced && image
            ? 'Click the part of the image that must stay in frame (or move the cross with the arrow keys). The frames show what the site will show.'
            : 'The part of the image that must stay in frame when the site crops it: how far across, then how far down, such as 50% 30%. Left empty, the centre.'}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={id}
            name={name}
            type="text"
            defaultValue={value}
            placeholder="50% 50%"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
            aria-invalid={error ? true : undefined}
            onInput={(event) => setPoint(parseFocalPoint(event.currentTarget.value))}
            className={`${CONTROL} ${error ? 'border-red-600 dark:border-red-400' : 'border-border hover:border-fg-muted/50 focus-visible:border-ring'}`}
          />
          {enhanced && point ? (
            <button type="button" onClick={() => choose(null)} className="inline-flex h-9 items-center rounded-full px-3 text-sm font-medium text-fg-muted hover:bg-bg-muted hover:text-fg">
              Back to the centre
            </button>
          ) : null}
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      {image ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div
            data-focal-area
            {...(enhanced
              ? {
                  role: 'slider',
                  tabIndex: 0,
                  'aria-label': 'Focal point',
                  'aria-valuemin': 0,
                  'aria-valuemax': 100,
                  'aria-valuenow': Math.round(shown.x),
                  'aria-valuetext': inWords(shown),
                  'aria-describedby': hintId,
                  onPointerDown,
                  onPointerMove,
                  onPointerUp,
                  onPointerCancel: onPointerUp,
                  onKeyDown,
                }
              : {})}
            className={`relative self-start overflow-hidden rounded-lg border border-border bg-bg-subtle select-none ${enhanced ? 'cursor-crosshair touch-none' : ''}`}
          >
            <img src={image} alt="" draggable={false} className="block max-h-56 w-auto max-w-full" />
            <span
              data-focal-marker
              aria-hidden="true"
              className="pointer-events-none absolute top-[var(--marker-y,var(--focal-y,50%))] left-[var(--marker-x,var(--focal-x,50%))] size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_1.5px_rgb(0_0_0/0.6)] before:absolute before:top-1/2 before:left-1/2 before:h-3 before:w-0.5 before:-translate-1/2 before:bg-white after:absolute after:top-1/2 after:left-1/2 after:h-0.5 after:w-3 after:-translate-1/2 after:bg-white"
            />
          </div>
          <div className="flex flex-wrap items-start gap-3" aria-hidden="true">
            {frames.map((frame) => (
              <figure key={frame.label} data-focal-frame={frame.aspect} className={`grid gap-1 ${FRAME_SIZE[frame.aspect].width}`}>
                <div className={`${FRAME_SIZE[frame.aspect].aspect} w-full overflow-hidden rounded-md border border-border bg-bg-muted`}>
                  <img src={image} alt="" draggable={false} className="object-focal size-full object-cover" />
                </div>
                <figcaption className="text-xs text-fg-muted">{frame.label}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}

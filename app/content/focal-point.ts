/**
 * A photo's focal point: the part that must stay in frame wherever the site
 * crops it (the home page's frames, the cards, a case study's header, the
 * sharing images). Written in the content beside the image's path as two
 * percentages, across then down from the top left (`focus: 50% 30%`), which
 * is how CSS's object-position reads them; without one, the centre.
 *
 * Shared by the schema (the check), the public components (a class per
 * axis, since the pages' Content-Security-Policy allows no inline style),
 * the sharing images (sharp crops at the same place) and the editor.
 */

export type FocalPoint = { x: number; y: number };

export const CENTRE: FocalPoint = { x: 50, y: 50 };

const FOCUS = /^(\d{1,3}(?:\.\d+)?)%\s+(\d{1,3}(?:\.\d+)?)%$/;

/** The point `text` names, or null when it is not two percentages from 0% to 100%. */
export function parseFocalPoint(text: string): FocalPoint | null {
  const match = FOCUS.exec(text.trim());
  if (!match) return null;
  const x = Number(match[1]);
  const y = Number(match[2]);
  return x <= 100 && y <= 100 ? { x, y } : null;
}

/** The point of an optional content value: the centre when there is none (or it is not one). */
export function focalPointOf(text: string | undefined): FocalPoint {
  return (text && parseFocalPoint(text)) || CENTRE;
}

/** The way the content writes a point: whole percentages, e.g. "50% 30%". */
export function formatFocalPoint({ x, y }: FocalPoint): string {
  return `${Math.round(clamp(x))}% ${Math.round(clamp(y))}%`;
}

export const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * The stylesheet has a class per 5% on each axis (app/styles/focal-point.css):
 * at the site's frames 5% moves a photo by a few pixels at most.
 */
export const FOCAL_STEP = 5;

const step = (value: number) => Math.round(clamp(value) / FOCAL_STEP) * FOCAL_STEP;

/** The classes that place an `object-fit: cover` image on its focal point; none for the centre (the browser's own default). */
export function focalPointClasses(text: string | undefined): string {
  const { x, y } = focalPointOf(text);
  const [across, down] = [step(x), step(y)];
  if (across === 50 && down === 50) return '';
  return `object-focal focal-x-${across} focal-y-${down}`;
}

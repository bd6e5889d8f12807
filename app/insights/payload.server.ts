import { z } from 'zod';
import { MAX_SECTIONS, type Device } from './report';

/**
 * What the tracker (tracker.client.ts) may send, as one JSON object per
 * beacon. Strict: an unknown field, a wrong type or an oversized string is
 * refused whole. Section numbers are checked against the case study later,
 * and those out of range are dropped.
 */

export const MAX_PAYLOAD_BYTES = 2048;

/** A host name as the browser gives it (URL.hostname), lower case: nothing that could carry markup. */
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** A utm_source tag: letters, digits and a few separators. */
const UTM = /^[a-z0-9._~+-]{1,64}$/;

const route = z.string().min(1).max(120);

const view = z.strictObject({
  k: z.literal('view'),
  p: route,
  r: z.string().toLowerCase().regex(HOST).optional(),
  u: z.string().toLowerCase().regex(UTM).optional(),
  w: z.number().int().min(0).max(100_000).optional(),
});

const read = z.strictObject({
  k: z.literal('read'),
  p: route,
  s: z.array(z.number().int().min(-1000).max(1000)).max(32),
  e: z.number().int().min(0).max(1800),
});

const resume = z.strictObject({ k: z.literal('resume'), p: route });

export const beaconSchema = z.discriminatedUnion('k', [view, read, resume]);
export type Beacon = z.infer<typeof beaconSchema>;

/** The device class by viewport width, as the site's own breakpoints draw it. */
export const deviceOfWidth = (width: number): Device => (width < 640 ? 'phone' : width < 1024 ? 'tablet' : 'desktop');

/** Sections 1…count (at most MAX_SECTIONS) as a bit set (bit n-1 for section n); anything else is dropped. */
export function sectionBits(sections: readonly number[], count: number): number {
  let bits = 0;
  for (const n of sections) if (n >= 1 && n <= Math.min(count, MAX_SECTIONS)) bits |= 1 << (n - 1);
  return bits;
}

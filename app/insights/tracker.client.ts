/**
 * The reading tracker: one small module, imported by the root layout only
 * after the app has hydrated (so after the first paint), and only on the
 * site's own pages. It sends beacons (navigator.sendBeacon, same origin) to
 * /api/insights and keeps nothing: no cookie, no storage, no id.
 *
 * - A page view per page, client-side navigations included: the referring
 *   host and utm_source on the first one only, and the viewport's width.
 * - On a case study: which numbered sections' headings have been on screen,
 *   and how long the page was looked at (visible, with activity in the last
 *   15 s), sent in batches when the page is hidden or left.
 * - A click on the résumé PDF.
 *
 * Browsers that ask not to be tracked (GPC, DNT) send nothing at all.
 */

type Reading = { route: string; seen: number; sent: number; engagedMs: number; activeAt: number; observer?: IntersectionObserver };

const ENDPOINT = '/api/insights';
/** A gap longer than this between signs of activity is not counted as reading. */
const IDLE_MS = 15_000;
const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
const quiet = nav.globalPrivacyControl === true || nav.doNotTrack === '1';

let first = true;
let reading: Reading | undefined;
let route = '';

const send = (body: object) => quiet || nav.sendBeacon?.(ENDPOINT, JSON.stringify(body));

/** Counts the time since the last sign of activity (at most IDLE_MS) while the page is visible. */
function active() {
  const now = Date.now();
  if (reading && document.visibilityState === 'visible') {
    if (reading.activeAt) reading.engagedMs += Math.min(now - reading.activeAt, IDLE_MS);
    reading.activeAt = now;
  }
}

function flush() {
  if (!reading) return;
  active();
  const fresh = reading.seen & ~reading.sent;
  const seconds = Math.min(Math.floor(reading.engagedMs / 1000), 1800);
  if (!fresh && !seconds) return;
  const s: number[] = [];
  for (let n = 1; n <= 9; n++) if (fresh & (1 << (n - 1))) s.push(n);
  send({ k: 'read', p: reading.route, s, e: seconds });
  reading.sent |= fresh;
  reading.engagedMs -= seconds * 1000;
}

function hidden() {
  if (document.visibilityState === 'hidden') {
    flush();
    // Time away from the page is not reading: the count starts again on return.
    if (reading) reading.activeAt = 0;
  } else active();
}

function read(path: string) {
  const current: Reading = { route: path, seen: 0, sent: 0, engagedMs: 0, activeAt: Date.now() };
  reading = current;
  current.observer = new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) current.seen |= 1 << (Number((entry.target as HTMLElement).dataset.section) - 1);
  });
  for (const heading of document.querySelectorAll<HTMLElement>('.story h2[data-section]')) current.observer.observe(heading);
}

/** The page now shown is `path` (pageRoute in page-route.ts); called again after each navigation. */
export function pageView(path: string) {
  if (path === route) return;
  flush();
  reading?.observer?.disconnect();
  reading = undefined;
  route = path;
  let r: string | undefined;
  if (first && document.referrer) {
    try {
      r = new URL(document.referrer).hostname || undefined;
    } catch {}
    if (r === location.hostname || !/^[a-z0-9.-]+$/.test(r ?? '')) r = undefined;
  }
  const u = first ? new URLSearchParams(location.search).get('utm_source')?.toLowerCase().replace(/[^a-z0-9._~+-]+/g, '-').slice(0, 64) || undefined : undefined;
  first = false;
  send({ k: 'view', p: path, r, u, w: innerWidth });
  if (path.startsWith('/case-study/')) read(path);
}

addEventListener('pagehide', flush);
document.addEventListener('visibilitychange', hidden);
for (const type of ['scroll', 'pointerdown', 'keydown', 'pointermove']) addEventListener(type, active, { passive: true, capture: true });
document.addEventListener(
  'click',
  (event) => {
    const link = (event.target as Element).closest?.('a[href$=".pdf"]');
    if (link) send({ k: 'resume', p: route });
  },
  true,
);

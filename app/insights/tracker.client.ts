/**
 * The reading tracker: an island (app/islands/boot.ts), so started only after
 * the first paint, and only on the site's own pages (the root layout's
 * data-insights-route hook, ReadingInsights.tsx). Its first beacon waits for
 * the browser to be idle, so nothing of it shows in the page's Largest
 * Contentful Paint; a page the browser prerenders is counted only once it is
 * shown (the boot starts no island before). It sends beacons
 * (navigator.sendBeacon, same origin) to /api/insights and keeps nothing: no
 * cookie, no storage, no id.
 *
 * - A page view per page shown, a page brought back by the back/forward
 *   cache included: the referring host and utm_source, and the viewport's
 *   width.
 * - On a case study: which numbered sections' headings have been on screen,
 *   and how long the page was looked at (visible, with activity in the last
 *   15 s), sent in batches: a few seconds after a section is first seen, when
 *   a link is followed, and when the page is hidden or left. The first two
 *   matter because a beacon sent from `pagehide` is not always delivered
 *   (headless Chromium drops it on a navigation; mobile browsers may never
 *   fire it), and a reader's depth should not hang on that one moment.
 * - A click on the résumé PDF.
 *
 * Browsers that ask not to be tracked (GPC, DNT) send nothing at all.
 */

const ENDPOINT = '/api/insights';
/** A gap longer than this between signs of activity is not counted as reading. */
const IDLE_MS = 15_000;
const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
const quiet = nav.globalPrivacyControl === true || nav.doNotTrack === '1';

// One page at a time, in plain variables (a minifier shortens these, not an object's keys).
let route = '';
/** The case study being read, if any, and what of it has been seen and sent. */
let reading = '';
let seen = 0;
let sent = 0;
let engagedMs = 0;
/** When the reader last did something while the page was visible; 0 while it is hidden. */
let activeAt = 0;
let observer: IntersectionObserver | undefined;
/** A batch waiting to be sent after a section was first seen. */
let pending: ReturnType<typeof setTimeout> | undefined;
/** Long enough to gather a scroll through several sections into one beacon. */
const BATCH_MS = 4_000;

const send = (body: object) => quiet || nav.sendBeacon?.(ENDPOINT, JSON.stringify(body));

/** Counts the time since the last sign of activity (at most IDLE_MS) while the page is visible. */
function active() {
  const now = Date.now();
  if (reading && document.visibilityState === 'visible') {
    if (activeAt) engagedMs += Math.min(now - activeAt, IDLE_MS);
    activeAt = now;
  }
}

function flush() {
  clearTimeout(pending);
  pending = undefined;
  if (!reading) return;
  active();
  const fresh = seen & ~sent;
  const seconds = Math.min(Math.floor(engagedMs / 1000), 1800);
  if (!fresh && !seconds) return;
  const s: number[] = [];
  for (let n = 1; n <= 9; n++) if (fresh & (1 << (n - 1))) s.push(n);
  send({ k: 'read', p: reading, s, e: seconds });
  sent |= fresh;
  engagedMs -= seconds * 1000;
}

function hidden() {
  if (document.visibilityState === 'hidden') {
    flush();
    // Time away from the page is not reading: the count starts again on return.
    activeAt = 0;
  } else active();
}

/**
 * The page shown is `path` (pageRoute in page-route.ts): its view, and on a
 * case study what of it is read. A page brought back from the back/forward
 * cache is a view again, without the referrer its first view already told.
 */
function pageView(path: string, restored = false) {
  route = path;
  reading = path.startsWith('/case-study/') ? path : '';
  seen = sent = engagedMs = 0;
  activeAt = Date.now();
  let r: string | undefined;
  if (document.referrer && !restored) {
    try {
      r = new URL(document.referrer).hostname;
    } catch {
      // Not a URL: no referrer host.
    }
    if (r === location.hostname || !/^[a-z0-9.-]+$/.test(r ?? '')) r = undefined;
  }
  const u = restored
    ? undefined
    : new URLSearchParams(location.search)
        .get('utm_source')
        ?.toLowerCase()
        .replace(/[^a-z0-9._~+-]+/g, '-')
        .slice(0, 64) || undefined;
  send({ k: 'view', p: path, r, u, w: innerWidth });
  if (!reading) return;
  observer?.disconnect();
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) seen |= 1 << (Number((entry.target as HTMLElement).dataset.section) - 1);
    if (seen & ~sent) pending ??= setTimeout(flush, BATCH_MS);
  });
  for (const heading of document.querySelectorAll('.story h2[data-section]')) observer.observe(heading);
}

export function start() {
  const path = document.querySelector<HTMLElement>('[data-insights-route]')!.dataset.insightsRoute!;
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3_000 });
    else setTimeout(resolve, 1_000);
  }).then(() => pageView(path));
  addEventListener('pagehide', flush);
  // Shown again from the back/forward cache: a view of its own, as a page loaded afresh would be.
  addEventListener('pageshow', (event) => event.persisted && pageView(path, true));
  document.addEventListener('visibilitychange', hidden);
  for (const type of ['scroll', 'pointerdown', 'pointermove', 'keydown']) addEventListener(type, active, { passive: true, capture: true });
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element).closest?.('a[href]') as HTMLAnchorElement | null;
      if (link?.pathname.endsWith('.pdf')) send({ k: 'resume', p: route });
      // Following a link to another page: what was read goes now, not in pagehide (early, for a new tab: nothing is lost).
      else if (link && link.pathname !== location.pathname) flush();
    },
    true,
  );
}

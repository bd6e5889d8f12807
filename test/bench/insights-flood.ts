import { pathToFileURL } from 'node:url';
import { DESKTOP_CHROME_UA } from '../helpers/start/browser';
import { fetchFrom, loopbackAddress } from '../helpers/site/loopback';
import type { RunningServer } from '../helpers/start/server';
import { onSeededEngines, signIn } from './owner-area';
import { median, ms } from './stats';

/**
 * The owner under a flood of beacons: 200 insights beacons kept in flight
 * (each answered one is sent again at once) for a bounded time, against the
 * built server with the owner's seeded data, while the owner opens /admin and
 * a share link is opened, one request at a time. Medians loaded against
 * unloaded, and their ratio (the target: within 2×). On the embedded engine
 * (one connection), and on PostgreSQL (a pool of ten) where it is installed.
 *
 * Two floods: one address sending a new user agent with every beacon (the
 * forger's: over its cap at once), and 250 addresses with 40 user agents each
 * (the database's worst case: nearly every beacon is under every limit and
 * must be written). Every request goes to 127.0.0.1; the flood comes from
 * other loopback addresses (test/helpers/site/loopback.ts).
 * Also: `tsx test/bench/insights-flood.ts` on its own.
 */

const CHROME = DESKTOP_CHROME_UA;
export const FLOOD = { inFlight: 200, maxS: 45, rampS: 3 };
const SAMPLES = { warmup: 3, measured: 15 };
const SLUG = 'office-depot';

export type FloodTime = {
  engine: string;
  flood: string;
  path: string;
  unloadedMs: number;
  loadedMs: number;
  p90LoadedMs: number;
  ratio: number;
};
export type FloodLoad = { engine: string; flood: string; seconds: number; answered: number; statuses: Record<string, number> };
export type FloodBench = { times: FloodTime[]; loads: FloodLoad[]; skipped: string[] };

type Flood = { label: string; from: (n: number) => string; userAgent: (n: number) => string };
const FLOODS: Flood[] = [
  { label: 'one address, a new user agent per beacon', from: () => loopbackAddress(3, 0), userAgent: (n) => `${CHROME} forged/${n}` },
  {
    label: '250 addresses × 40 user agents',
    from: (n) => loopbackAddress(4, n % 250),
    userAgent: (n) => `${CHROME} reader/${Math.floor(n / 250) % 40}`,
  },
];

const sleep = (msTime: number) => new Promise((resolve) => setTimeout(resolve, msTime));

/** A share link made through the owner's own form, and its token from the list. */
async function shareToken(server: RunningServer, owner: string): Promise<string> {
  const made = await fetch(`${server.url}/admin/links`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ intent: 'create', label: 'Bench · flood', scope: 'all', days: '30' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, cookie: owner },
  });
  const id = /new=([\w-]{22})/.exec(made.headers.get('location') ?? '')?.[1];
  const list = await (await fetch(`${server.url}/admin/links`, { headers: { cookie: owner } })).text();
  const token = id && /\/s\/([\w-]{43})/.exec(list.slice(list.indexOf(`data-share-link="${id}"`)))?.[1];
  if (!token) throw new Error(`no share link was made (${made.status}):\n${server.output().slice(-2000)}`);
  return token;
}

/** /admin and a share-link open, in turn, one request at a time: server time of each. */
async function timeOwner(server: RunningServer, owner: string, token: string): Promise<{ admin: number[]; share: number[] }> {
  const out = { admin: [] as number[], share: [] as number[] };
  for (let i = 0; i < SAMPLES.warmup + SAMPLES.measured; i++) {
    let started = performance.now();
    const page = await fetch(`${server.url}/admin`, { headers: { cookie: owner } });
    await page.text();
    if (page.status !== 200) throw new Error(`/admin answered ${page.status}`);
    if (i >= SAMPLES.warmup) out.admin.push(performance.now() - started);
    started = performance.now();
    const opened = await fetch(`${server.url}/s/${token}`, { redirect: 'manual', headers: { 'user-agent': CHROME } });
    await opened.text();
    if (opened.status !== 303) throw new Error(`the share link answered ${opened.status}`);
    if (i >= SAMPLES.warmup) out.share.push(performance.now() - started);
  }
  return out;
}

/** Keeps FLOOD.inFlight beacons in flight until stop() (and never past FLOOD.maxS). */
function startFlood(server: RunningServer, flood: Flood) {
  const statuses: Record<string, number> = {};
  let sent = 0;
  let stopped = false;
  const started = performance.now();
  const workers = Array.from({ length: FLOOD.inFlight }, async () => {
    while (!stopped && performance.now() - started < FLOOD.maxS * 1000) {
      const n = sent++;
      const status = await fetchFrom(flood.from(n), `${server.url}/api/insights`, {
        method: 'POST',
        body: JSON.stringify({ k: 'view', p: '/', r: 'flood.example', w: 1280 }),
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: server.url, 'user-agent': flood.userAgent(n) },
      }).then(
        (answer) => String(answer.status),
        () => 'error',
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(workers);
    return { seconds: (performance.now() - started) / 1000, answered: Object.values(statuses).reduce((a, b) => a + b, 0), statuses };
  };
}

async function measureServer(server: RunningServer, engine: string, out: FloodBench, log: (line: string) => void) {
  const owner = await signIn(server);
  const token = await shareToken(server, owner);
  const unloaded = await timeOwner(server, owner, token);
  log(`  ${engine}, unloaded: /admin ${ms(median(unloaded.admin))}, share link ${ms(median(unloaded.share))}`);
  for (const flood of FLOODS) {
    const stop = startFlood(server, flood);
    await sleep(FLOOD.rampS * 1000);
    const loaded = await timeOwner(server, owner, token);
    const load = await stop();
    out.loads.push({ engine, flood: flood.label, ...load });
    for (const [pathLabel, before, after] of [
      ['/admin', unloaded.admin, loaded.admin],
      ['/s/<token>', unloaded.share, loaded.share],
    ] as const) {
      const sorted = [...after].sort((a, b) => a - b);
      const time = {
        engine,
        flood: flood.label,
        path: pathLabel,
        unloadedMs: median(before),
        loadedMs: median(after),
        p90LoadedMs: sorted[Math.floor(sorted.length * 0.9)] ?? Number.NaN,
        ratio: median(after) / median(before),
      };
      out.times.push(time);
      log(
        `  ${engine}, ${flood.label}: ${pathLabel} ${ms(time.loadedMs)}, p90 ${ms(time.p90LoadedMs)} (${time.ratio.toFixed(2)}× unloaded); ${load.answered} beacons answered in ${load.seconds.toFixed(0)} s: ${JSON.stringify(load.statuses)}`,
      );
    }
    // Let the buffer drain before the next flood.
    await sleep(3_000);
  }
}

export async function measureInsightsFlood(log: (line: string) => void): Promise<FloodBench> {
  const out: FloodBench = { times: [], loads: [], skipped: [] };
  // Seeded as for the owner's area (test/bench/owner-area.ts); PostgreSQL through the server's pool of 10.
  const skipped = await onSeededEngines(SLUG, (server, engine) =>
    measureServer(server, engine.kind === 'embedded' ? engine.label : 'PostgreSQL (pool of 10)', out, log),
  );
  out.skipped.push(...skipped);
  return out;
}

/** For docs/benchmarks.md. */
export function floodSection(flood: FloodBench): string[] {
  return [
    `## The owner under a flood of insights beacons`,
    '',
    `${FLOOD.inFlight} beacons kept in flight (each answered one sent again at once), after ${FLOOD.rampS} s of flood, while the owner opens ${'`/admin`'} and a share link is opened, one request at a time, ${SAMPLES.warmup} warm-ups then ${SAMPLES.measured} each; the same with no flood first. The target: loaded medians within 2× of unloaded. Seeded as the owner's area above.`,
    '',
    '| engine | flood | page | unloaded | loaded (p90) | ratio |',
    '|---|---|---|---|---|---|',
    ...flood.times.map(
      (t) =>
        `| ${t.engine} | ${t.flood} | \`${t.path}\` | ${ms(t.unloadedMs)} | ${ms(t.loadedMs)} (${ms(t.p90LoadedMs)}) | ${t.ratio.toFixed(2)}× |`,
    ),
    '',
    ...flood.loads.map(
      (l) =>
        `- ${l.engine}, ${l.flood}: ${l.answered.toLocaleString('en')} beacons answered in ${l.seconds.toFixed(0)} s (${Object.entries(
          l.statuses,
        )
          .map(([status, n]) => `${n.toLocaleString('en')} × ${status}`)
          .join(', ')}).`,
    ),
    ...flood.skipped.flatMap((line) => ['', line]),
    '',
  ];
}

export const floodSummary = (flood: FloodBench) => [
  'The owner under 200 beacons in flight (median loaded, ratio to unloaded):',
  ...flood.times.map((t) => `  ${`${t.path} (${t.engine}; ${t.flood})`.padEnd(70)} ${ms(t.loadedMs)}  ${t.ratio.toFixed(2)}×`),
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureInsightsFlood(console.log);
  console.log(floodSummary(result).join('\n'));
  console.log(JSON.stringify(result, null, 2));
}

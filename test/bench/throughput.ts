import autocannon from 'autocannon';
import { median } from './stats';

export type Target = { label: string; path: string };
export type LoadRun = { rps: number; p99Ms: number; requests: number; non2xx: number; errors: number; timeouts: number };
export type TargetResult = Target & { runs: LoadRun[]; rps: number; p99Ms: number };

/** What a browser sends on loopback, so the server compresses as it would for a visitor. */
const HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html,*/*' };

async function load(url: string, durationS: number, connections: number): Promise<LoadRun> {
  const result = await autocannon({ url, connections, duration: durationS, headers: HEADERS });
  return {
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * autocannon against each target: a short warm-up, then `runs` rounds that
 * take the targets in turn (so drift hits them all alike). Bounded: every
 * load lasts `durationS` seconds with `connections` connections, loopback only.
 */
export async function measureThroughput(
  origin: string,
  targets: Target[],
  options: { runs: number; durationS: number; connections: number; warmupS: number },
  log: (line: string) => void,
): Promise<TargetResult[]> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin)) throw new Error(`refusing to load-test a non-loopback origin: ${origin}`);
  for (const target of targets) await load(origin + target.path, options.warmupS, options.connections);
  const runs = new Map<string, LoadRun[]>(targets.map((t) => [t.path, []]));
  for (let i = 0; i < options.runs; i++) {
    for (const target of targets) {
      const run = await load(origin + target.path, options.durationS, options.connections);
      runs.get(target.path)!.push(run);
      log(`  run ${i + 1} ${target.path}: ${Math.round(run.rps)} req/s, p99 ${run.p99Ms} ms`);
      if (run.non2xx + run.errors + run.timeouts > 0) {
        // Fast 404s or dropped connections would make the numbers meaningless (e.g. a build replaced public/build mid-run).
        throw new Error(`${target.path}: ${run.non2xx} non-2xx responses, ${run.errors} errors, ${run.timeouts} timeouts under load`);
      }
    }
  }
  return targets.map((target) => {
    const list = runs.get(target.path)!;
    return { ...target, runs: list, rps: median(list.map((r) => r.rps)), p99Ms: median(list.map((r) => r.p99Ms)) };
  });
}

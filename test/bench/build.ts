import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, seconds } from './stats';

/**
 * `npm run build` timed as a person runs it (npm, tsx and all), in pairs
 * so that both figures see the same load on a shared machine:
 *
 * - cold: no .cache/build and no earlier output (public/build, build/,
 *   .netlify/functions-internal, the editor's manifest). Image variants in
 *   public/generated stay: they are the content's, made once per image.
 * - one word changed: right after, one word of a case study's text changed,
 *   as a publish or a hand edit does.
 *
 * The content is a scratch copy of content/ (CONTENT_DIR), so content/ is
 * never edited; the last build of `measureBuild` is of content/ itself.
 *
 *   npx tsx test/bench/build.ts [runs] [root]   # prints the figures
 *   npm run bench -- --build-only                  # the same, in the report's words
 */

export type BuildBench = {
  runs: number;
  coldMs: number[];
  oneWordMs: number[];
  medianColdMs: number;
  medianOneWordMs: number;
  root: string;
};

export const BUILD_TARGET = { coldMs: 20_000, oneWordMs: 10_000 };

const COLD_OUTPUTS = ['.cache/build', 'public/build', 'build', '.netlify/functions-internal', '.generated/editor-bundle.json'];

/** The largest case study (most text): one word of its prose is changed per run. */
export function caseStudyFile(contentDir: string): string {
  const dir = path.join(contentDir, 'case-studies');
  const mdx = readdirSync(dir).filter((name) => name.endsWith('.mdx'));
  const [largest] = mdx.sort((a, b) => readFileSync(path.join(dir, b)).length - readFileSync(path.join(dir, a)).length);
  if (largest === undefined) throw new Error(`no case study in ${dir} to change a word of`);
  return path.join(dir, largest);
}

/** Replaces the last word of the first paragraph of prose after the front matter with `word`. */
export function changeOneWord(source: string, word: string): string {
  const body = source.indexOf('\n---', 3) + 4;
  const lines = source.slice(body).split('\n');
  const index = lines.findIndex((line) => /^[A-Za-z][^<{|]*[a-z]+[.!?]?\s*$/.test(line));
  const line = lines[index];
  if (line === undefined) throw new Error('no line of prose to change a word of');
  lines[index] = line.replace(/[A-Za-z]+([.!?]?\s*)$/, `${word}$1`);
  return source.slice(0, body) + lines.join('\n');
}

function timedBuild(root: string, env: Record<string, string>): number {
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`npm run build failed in ${root}:\n${result.stdout}\n${result.stderr}`);
  return elapsed;
}

export async function measureBuild({
  runs = 3,
  root = path.resolve(import.meta.dirname, '../..'),
  log = console.log,
  buildContentAfter = true,
}: { runs?: number; root?: string; log?: (line: string) => void; buildContentAfter?: boolean } = {}): Promise<BuildBench> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-build-'));
  const contentDir = path.join(scratch, 'content');
  cpSync(path.join(root, 'content'), contentDir, { recursive: true });
  const file = caseStudyFile(contentDir);
  const original = readFileSync(file, 'utf8');
  const env = { CONTENT_DIR: contentDir };
  const coldMs: number[] = [];
  const oneWordMs: number[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      for (const output of COLD_OUTPUTS) rmSync(path.join(root, output), { recursive: true, force: true });
      writeFileSync(file, original);
      coldMs.push(timedBuild(root, env));
      writeFileSync(file, changeOneWord(original, `changed${run}`));
      oneWordMs.push(timedBuild(root, env));
      log(`  build ${run}/${runs}: cold ${seconds(coldMs.at(-1)!)}, one word changed ${seconds(oneWordMs.at(-1)!)}`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  // The site as content/ makes it, as `npm run build` leaves it.
  if (buildContentAfter) timedBuild(root, {});
  return { runs, coldMs, oneWordMs, medianColdMs: median(coldMs), medianOneWordMs: median(oneWordMs), root };
}

export function buildSection(bench: BuildBench): string[] {
  return [
    '## The build (`npm run build`)',
    '',
    `Wall time of \`npm run build\` (npm and tsx included), ${bench.runs} pairs run in turn. Cold: no \`.cache/build\` and no earlier output (image variants kept). One word changed: right after, one word of the longest case study changed.`,
    '',
    '| build | median | per run |',
    '|---|---|---|',
    `| cold | ${seconds(bench.medianColdMs)} | ${bench.coldMs.map(seconds).join(', ')} |`,
    `| one word changed | ${seconds(bench.medianOneWordMs)} | ${bench.oneWordMs.map(seconds).join(', ')} |`,
    '',
  ];
}

export function buildBudgets(bench: BuildBench) {
  return [
    {
      measure: 'Build: cold (median)',
      budget: '< 20 s',
      measured: seconds(bench.medianColdMs),
      held: bench.medianColdMs < BUILD_TARGET.coldMs,
      why: [],
    },
    {
      measure: 'Build: one word changed (median)',
      budget: '< 10 s',
      measured: seconds(bench.medianOneWordMs),
      held: bench.medianOneWordMs < BUILD_TARGET.oneWordMs,
      why: [],
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 3);
  const root = path.resolve(process.argv[3] ?? path.resolve(import.meta.dirname, '../..'));
  const bench = await measureBuild({ runs, root });
  console.log(buildSection(bench).join('\n'));
}

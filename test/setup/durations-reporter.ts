import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Where a run's time went: after every run, test-results/durations.md lists
 * each file's wall time, slowest first, with its project and the worker that
 * ran it, and the run's own wall time beside the sum, so the files worth
 * making faster (or splitting) are the first lines. The five slowest are
 * printed at the end of the run too. How to read it: docs/architecture.md,
 * "Where the suite's time goes".
 */
export const DURATIONS_FILE = 'test-results/durations.md';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** A file's wall time: its collection (imports and suite callbacks) plus every test and hook. */
export function fileTime(module: TestModule): number {
  const { collectDuration, setupDuration, duration } = module.diagnostic();
  return collectDuration + setupDuration + duration;
}

export function durationsTable(modules: readonly TestModule[], wallMs: number, setupMs: number, root: string): string {
  const rows = modules
    .map((module) => ({
      file: path.relative(root, module.moduleId),
      project: module.project.name,
      worker: module.diagnostic().concurrencyId,
      ms: fileTime(module),
      state: module.state(),
    }))
    .sort((a, b) => b.ms - a.ms);
  const sum = rows.reduce((total, row) => total + row.ms, 0);
  const lines = [
    '# Where the suite’s time went',
    '',
    `Run at ${new Date().toISOString()}: ${rows.length} files in ${seconds(wallMs)} s of wall time, of which ${seconds(setupMs)} s before the first file started (the global set-up: the build, PostgreSQL, Chromium). ${seconds(sum)} s summed over files (each file's collection, hooks and tests).`,
    '',
    '| s | file | project | worker | state |',
    '| ---: | --- | --- | ---: | --- |',
    ...rows.map((row) => `| ${seconds(row.ms)} | ${row.file} | ${row.project} | ${row.worker} | ${row.state} |`),
    '',
  ];
  return lines.join('\n');
}

export default class DurationsReporter implements Reporter {
  private started = Date.now();
  private firstFile: number | undefined;
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunStart(): void {
    this.started = Date.now();
    this.firstFile = undefined;
  }

  onTestModuleStart(): void {
    this.firstFile ??= Date.now();
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    if (modules.length === 0) return;
    // A second run after the suite (.ci/run's content contract) names a file of its own, so the suite's table stays.
    const written = process.env.TEST_DURATIONS_FILE?.trim() || DURATIONS_FILE;
    const file = path.join(this.root, written);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, durationsTable(modules, Date.now() - this.started, (this.firstFile ?? this.started) - this.started, this.root));
    const slowest = [...modules].sort((a, b) => fileTime(b) - fileTime(a)).slice(0, 5);
    console.log(`\nSlowest files (all in ${written}):`);
    for (const module of slowest) console.log(`  ${seconds(fileTime(module)).padStart(6)} s  ${path.relative(this.root, module.moduleId)}`);
  }
}

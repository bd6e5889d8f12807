import { defineConfig } from 'vitest/config';
import LongestFirst from './test/setup/longest-first';

/**
 * `npm test` runs three projects on two workers (test/README.md says which
 * folder needs what):
 * - site: the production build of a fixture designer (test/setup/build.ts),
 *   the run's one PostgreSQL server (test/setup/postgres.ts) and its one
 *   Chromium (test/setup/chromium.ts);
 * - db: the same PostgreSQL, and the content under test compiled (test/setup/content.ts);
 * - unit: Node only, no set-up, one module graph for many files (`npm run test:unit`).
 * Global set-ups run in this order, each once: a later project reuses what an earlier one made.
 * Files start longest first, whatever their project (test/setup/longest-first.ts),
 * and test-results/durations.md says afterwards where the time went.
 */
export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    setupFiles: ['test/setup/console-errors.ts', 'test/setup/loopback-services.ts'],
    // A bound, not a pace: axe on a long page or a browser flow can take 20–30 s
    // when the machine is busy (CI runs beside other work), so tests get twice that.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a condition, so its bound is a busy machine's too, not vitest's 1 s:
    // a page's script can start seconds late there (a focus set on load, a box drawn after an answer).
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    reporters: ['default', './test/setup/durations-reporter.ts'],
    tags: [
      { name: 'slow', description: 'Starts netlify serve or a dev server, or builds content in a clone: minutes, so it starts first.' },
    ],
    projects: [
      {
        extends: true,
        test: {
          name: 'site',
          include: ['test/{integration,security,contract,e2e}/**/*.test.ts'],
          globalSetup: ['test/setup/build.ts', 'test/setup/postgres.ts', 'test/setup/chromium.ts', 'test/setup/public-site.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'db', include: ['test/db/**/*.test.ts'], globalSetup: ['test/setup/content.ts', 'test/setup/postgres.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 30_000,
          // No file here changes globals another reads, and one module graph saves ~2 s of start per file.
          isolate: false,
        },
      },
    ],
  },
});

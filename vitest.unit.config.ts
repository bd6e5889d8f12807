import { defineConfig } from 'vitest/config';

/**
 * `npm run test:unit`: test/unit/, the tests that need nothing but Node (no
 * build, no server, no browser, no database, no git remote), in well under a
 * minute. No globalSetup (it builds the site). `npm test` (vitest.config.ts)
 * runs these too. The rule that puts a test in test/unit/ is in test/README.md:
 * a file there must pass from a fresh clone with no build.
 */
export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['test/unit/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    maxWorkers: 2,
    // One worker runs many files: no file here changes globals another reads, and it saves ~2 s of start per file.
    isolate: false,
  },
});

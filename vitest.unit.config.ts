import { defineConfig } from 'vitest/config';

/**
 * `npm run test:unit`: the tests that need no build, no server, no browser,
 * no database and no git remote, in well under a minute. No globalSetup (it
 * builds the site). `npm test` (vitest.config.ts) still runs these too.
 *
 * Chosen by folder and name, since test/ is split by kind and by domain at
 * once: all of test/unit but the files below, and the named files of other
 * folders. A file added here must pass from a fresh clone with no build.
 */
export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/editing/{fields,form-leaves,frontmatter,image-formats,line-diff,manage,sample-leftovers,site-words-form,svg-sanitize,uploads,uploads-build,yaml-style,content-check}.test.ts',
      'test/insights/pace.test.ts',
    ],
    exclude: [
      // Read the built .generated/content.json.
      'test/unit/seo.test.ts',
      'test/unit/typography.test.ts',
      // Runs `npm run content` on the whole sample site (images, the PDF): a minute on its own.
      'test/unit/content.test.ts',
    ],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    maxWorkers: 2,
    // One worker runs many files: no file here changes globals another reads, and it saves ~2 s of start per file.
    isolate: false,
  },
});

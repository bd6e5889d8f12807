import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['test/**/*.test.ts'],
    // Builds the production site once; every HTTP and browser test runs against it.
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // A bound, not a pace: axe on a long page or a browser flow can take 20–30 s
    // when the machine is busy (CI runs beside other work), so tests get twice that.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: each browser test file starts its own server and Chromium.
    maxWorkers: 2,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['test/**/*.test.ts'],
    // Builds the production site once; every HTTP and browser test runs against it.
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: each browser test file starts its own server and Chromium.
    maxWorkers: 2,
    minWorkers: 1,
  },
});

import { register } from 'node:module';

/**
 * Loaded into the Netlify CLI by `netlify serve` in the tests (NODE_OPTIONS
 * --import, test/helpers/start/netlify-serve.ts). Offline, the CLI cuts a
 * synchronous function at 30 s, a number it takes only from a linked site's
 * settings on Netlify's API; a deployed function has 60 s, the limit the
 * project holds itself to. This sets the local runtime's limit to that one.
 */
register('./netlify-function-limit-hooks.mjs', import.meta.url);

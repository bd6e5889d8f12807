import { createRequestHandler } from '@netlify/remix-adapter';
import * as build from '@remix-run/dev/server-build';

/**
 * The Netlify entry: the Remix app as a Functions API v2 handler. Built by
 * `npm run build` into .netlify/functions-internal/server.mjs.
 */
export default createRequestHandler({ build, mode: process.env.NODE_ENV });

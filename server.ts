import { createRequestHandler } from '@netlify/remix-adapter';
import * as build from '@remix-run/dev/server-build';
import { guardOrigins } from './app/http/origin.server';

/**
 * The Netlify entry: the Remix app as a Functions API v2 handler. Built by
 * `npm run build` into .netlify/functions-internal/server.mjs.
 */
// A cross-site POST gets a clean 403 before Remix's own check would throw (a 500).
export default guardOrigins(createRequestHandler({ build, mode: process.env.NODE_ENV }));

import { createRequestHandler } from '@netlify/remix-adapter';
import * as build from '@remix-run/dev/server-build';
import { guardRequests } from './app/http/request-guard.server';
import { redactLogs } from './app/http/log-redaction.server';
import { withCacheTags, withLiveContent } from './app/http/live-content.server';
import { withSiteSecrets } from './app/access/site-secrets.server';
import { withSiteAddress } from './app/http/site-address.server';

/**
 * The Netlify entry: the Remix app as a Functions API v2 handler. Built by
 * `npm run build` into .netlify/functions-internal/server.mjs.
 */
// No share-link token in any log line, whoever writes it.
redactLogs();

// A broken %-escape is a 400, a cross-site POST a clean 403 (before Remix's own check would throw a 500), a POST to a route without an action a quiet 405,
// and every answer under /admin is no-store and noindex (app/http/request-guard.server.ts).
// Each request runs on one version of the content: the build's, or a newer one a publish made live
// (Netlify Blobs, app/http/live-content.server.ts); /resume.pdf, the favicons and sharing cards come from it too.
// The secrets made on first start (app/access/site-secrets.server.ts) are read from the database before a request that needs one.
// The site notices the domain of hers it is served at, and reads the one it kept, so links use it (app/http/site-address.server.ts).
export default guardRequests(
  withSiteSecrets(withSiteAddress(withLiveContent(withCacheTags(createRequestHandler({ build, mode: process.env.NODE_ENV }))))),
  { routes: build.routes },
);

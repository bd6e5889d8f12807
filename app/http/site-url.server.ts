import { readEnv, type EnvSource } from '~/settings/env.server';

/** SITE_URL, else Netlify's URL, as set (unchecked); undefined when neither is. */
export function configuredSiteUrl(env: EnvSource = process.env): string | undefined {
  return readEnv('SITE_URL', env) ?? readEnv('URL', env);
}

/**
 * The site's public origin, for canonical URLs, Open Graph tags, JSON-LD and
 * the sitemap, which must all be absolute.
 *
 * 1. `SITE_URL`, e.g. https://camilanavarro.com (a trailing slash is dropped);
 * 2. on Netlify, its read-only `URL`: the site's main address (custom domain
 *    if one is set, else https://<name>.netlify.app). It is available to
 *    functions at run time, so deploy previews still point search engines at
 *    the main site;
 * 3. locally, http://localhost:<PORT or 3000>.
 *
 * Read on each call: cheap, and tests can start servers with different values.
 */
export function getSiteUrl(env: EnvSource = process.env): string {
  const configured = configuredSiteUrl(env);
  if (configured) {
    let url: URL;
    try {
      url = new URL(configured);
    } catch {
      throw new Error(`SITE_URL must be an absolute URL such as https://example.com (got "${configured}")`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new Error(`SITE_URL must start with https:// or http:// (got "${configured}")`);
    }
    // Origin plus any base path, never a query, hash or trailing slash.
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  }
  const port = readEnv('PORT', env) || 3000;
  return `http://localhost:${port}`;
}

import { readEnv } from '~/settings/env.server';

/**
 * Purges Netlify's CDN of the answers tagged with `tags` (purgeCache from
 * @netlify/functions, the API behind it: POST /api/v1/purge). Netlify gives
 * every deployed function NETLIFY_PURGE_API_TOKEN; without it (the Node
 * server) there is no CDN to purge: the server's own page cache purges
 * itself when it first serves a new version (live-content.server.ts).
 *
 * NETLIFY_PURGE_API_URL points the call elsewhere: the tests' stand-in for
 * Netlify's API, which cannot be reached from here.
 */

/** Netlify takes up to 500 tags per answer; a purge is sent in parts no larger. */
const TAGS_PER_PURGE = 100;
/** "Each tag or site can be purged only twice per 5 s": a 429 is tried again after that. */
const RETRY_AFTER_MS = 5_000;

/**
 * purgeCache finds the site in SITE_ID; `netlify serve` gives its functions
 * no SITE_ID, only the request's context and the Blobs context, which name
 * the same site.
 */
function siteId(): string | undefined {
  const fromEnv = readEnv('SITE_ID');
  if (fromEnv) return fromEnv;
  const fromRequest = (globalThis as { Netlify?: { context?: { site?: { id?: unknown } } | null } }).Netlify?.context?.site?.id;
  if (typeof fromRequest === 'string' && fromRequest) return fromRequest;
  try {
    const blobs = JSON.parse(Buffer.from(readEnv('NETLIFY_BLOBS_CONTEXT') ?? '', 'base64').toString('utf8')) as { siteID?: unknown };
    return typeof blobs.siteID === 'string' && blobs.siteID ? blobs.siteID : undefined;
  } catch {
    return undefined;
  }
}

export async function purgeCdnTags(tags: string[]): Promise<void> {
  if (tags.length === 0 || !readEnv('NETLIFY_PURGE_API_TOKEN')) return;
  const { purgeCache } = await import('@netlify/functions');
  const apiURL = readEnv('NETLIFY_PURGE_API_URL');
  const siteID = siteId();
  for (let at = 0; at < tags.length; at += TAGS_PER_PURGE) {
    const part = tags.slice(at, at + TAGS_PER_PURGE);
    for (let attempt = 0; ; attempt++) {
      try {
        await purgeCache({
          tags: part,
          ...(siteID ? { siteID } : {}),
          ...(apiURL ? { apiURL } : {}),
        });
        break;
      } catch (error) {
        if (attempt >= 2 || !/\b429\b/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      }
    }
  }
}

/** Purges every answer of the site from Netlify's CDN (one call, no tags): what changes every page, such as the site's address. */
export async function purgeWholeCdn(): Promise<void> {
  if (!readEnv('NETLIFY_PURGE_API_TOKEN')) return;
  const { purgeCache } = await import('@netlify/functions');
  const apiURL = readEnv('NETLIFY_PURGE_API_URL');
  const siteID = siteId();
  await purgeCache({ ...(siteID ? { siteID } : {}), ...(apiURL ? { apiURL } : {}) });
}

import { readEnv, type EnvSource } from '~/settings/env.server';
import { ownDomain } from './own-domain';
import { noticedAddress, readSiteAddress } from './site-address.server';

export type SiteAddressSource = 'setting' | 'netlify' | 'noticed' | 'netlify-free';

/**
 * The site's public address as set up, and where it comes from; undefined
 * when none is (the local server without SITE_URL):
 * 1. `setting`: SITE_URL, set by hand, always wins;
 * 2. `netlify`: Netlify's URL when it is a domain of her own (Netlify names
 *    her primary domain there from the deploy after she added it);
 * 3. `noticed`: the domain of hers the site noticed it answers at
 *    (site-address.server.ts), with no deploy;
 * 4. `netlify-free`: Netlify's URL, its free *.netlify.app address.
 * The value is as set (unchecked): getSiteUrl checks it.
 */
export function siteAddress(env: EnvSource = process.env): { url: string; source: SiteAddressSource } | undefined {
  const setting = readEnv('SITE_URL', env);
  if (setting) return { url: setting, source: 'setting' };
  const netlify = readEnv('URL', env);
  if (netlify && ownDomain(netlify)) return { url: netlify, source: 'netlify' };
  const noticed = noticedAddress();
  if (noticed) return { url: noticed.origin, source: 'noticed' };
  return netlify ? { url: netlify, source: 'netlify-free' } : undefined;
}

/** SITE_URL, else Netlify's URL or the domain the site noticed (siteAddress), as set (unchecked); undefined when none is. */
export function configuredSiteUrl(env: EnvSource = process.env): string | undefined {
  return siteAddress(env)?.url;
}

/**
 * The site's public origin, for canonical URLs, Open Graph tags, JSON-LD and
 * the sitemap, which must all be absolute.
 *
 * 1. `SITE_URL`, e.g. https://camilanavarro.com (a trailing slash is dropped);
 * 2. on Netlify, its read-only `URL` when it names her own domain, else the
 *    domain of hers the site noticed it answers at, else `URL` itself
 *    (https://<name>.netlify.app). `URL` is available to functions at run
 *    time, so deploy previews still point search engines at the main site;
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

/**
 * Where a link the owner hands out (a share link) points: the site's own
 * domain once it has one, else the address she is using now.
 */
export function publicOrigin(request: Request): string {
  const address = configuredSiteUrl();
  if (address && ownDomain(address)) {
    try {
      return new URL(address).origin;
    } catch {
      // A malformed SITE_URL is reported where pages use it; the request's own origin still works.
    }
  }
  return new URL(request.url).origin;
}

export type SiteAddressView = {
  /** The address pages link to now. */
  url: string;
  /** Where it comes from; `local`: the local server, with no address set. */
  source: SiteAddressSource | 'local';
  /** Its host when it is a domain of her own. */
  domain: string | null;
  /** When the site noticed it (source `noticed`). */
  noticedAt: string | null;
};

/** The site's address for the owner's screens, with the kept one read now (another instance may have noticed it). */
export async function siteAddressNow(): Promise<SiteAddressView> {
  const kept = await readSiteAddress().catch(() => null);
  const address = siteAddress();
  if (!address) return { url: readEnv('PORTFOLIO_LOCAL_ORIGIN') ?? getSiteUrl(), source: 'local', domain: null, noticedAt: null };
  let url = address.url;
  try {
    url = getSiteUrl();
  } catch {
    // A malformed SITE_URL is shown as it was set: the page says it is the setting that wins.
  }
  return {
    url,
    source: address.source,
    domain: ownDomain(address.url),
    noticedAt: address.source === 'noticed' ? ((kept?.noticedAt ?? noticedAddress()?.noticedAt ?? null)?.toISOString() ?? null) : null,
  };
}

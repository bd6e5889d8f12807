import { databaseReady, isDatabaseUnavailable, sharedDatabase, type Database } from '~/db/connection.server';
import { onFunctionHost } from '~/settings/runtime.server';
import { requestNeedsSecrets } from '~/access/site-secrets.server';
import { purgeWholeCdn } from './cdn-purge.server';
import { ownDomain } from './own-domain';

/**
 * The site noticing its own domain. Once the designer adds her domain in
 * Netlify and it serves the site, requests reach the function at
 * https://her.domain (Netlify sends the other names of a domain, www or not,
 * and its aliases to the primary one). The first such request tells the site
 * its address, with no setting and no deploy: canonical links, the sitemap,
 * sharing cards, share links and the mail's sender then use it
 * (site-url.server.ts; SITE_URL, and Netlify's URL once it names her domain,
 * win).
 *
 * Only on Netlify: there the edge routes only the site's own domains to it,
 * so a request's host is one of hers. The local server answers any Host a
 * client sends, so it notices nothing.
 *
 * What is noticed is kept in this process at once (the request that noticed
 * it renders with it) and in the database (table site_address), for every
 * other instance and function. Public pages never wait for the database: an
 * instance learns the kept address from the first request that reads the
 * database anyway (the owner's area, share links, forms, functions), and
 * from any request that reaches it at her domain. A newly kept address
 * purges the CDN, so pages it keeps show the new address from then on.
 */

export type NoticedAddress = { origin: string; noticedAt: Date };

type State = {
  noticed?: NoticedAddress;
  /** The origin this process has kept in the database (or is keeping). */
  kept?: string;
  /** The database was read once in this process (or a read is under way). */
  loaded?: Promise<void>;
  loadedAt?: number;
  failedAt?: number;
};

// Bundled more than once into one local process (the Remix build and the functions): one state.
const STATE = Symbol.for('portfolio.site-address');
const state = (): State => ((globalThis as Record<symbol, State>)[STATE] ??= {});

/** After a failed read, the next try waits this long. */
const RETRY_AFTER_MS = 30_000;

/** The address this process knows the site answers at, if it noticed one or read it. */
export function noticedAddress(): NoticedAddress | undefined {
  return state().noticed;
}

async function database(db?: Database): Promise<Database> {
  if (db) return db;
  await databaseReady();
  return sharedDatabase();
}

/** The kept address, read now (and remembered); null when none is kept. Throws DatabaseUnavailable. */
export async function readSiteAddress(db?: Database): Promise<NoticedAddress | null> {
  const [row] = await (
    await database(db)
  ).query<{ origin: string; noticed_at: Date }>('SELECT origin, noticed_at FROM site_address WHERE only_row');
  const found = row ? { origin: row.origin, noticedAt: new Date(row.noticed_at) } : null;
  // What this process noticed itself after the row was written is newer: keep it.
  const current = state().noticed;
  if (found && (!current || current.noticedAt <= found.noticedAt)) state().noticed = found;
  return found;
}

/** Reads the kept address once per process (again after a failure, no sooner than RETRY_AFTER_MS). Never throws. */
export async function loadSiteAddress(db?: Database): Promise<void> {
  const current = state();
  if (current.loaded) return current.loaded;
  if (current.failedAt !== undefined && Date.now() - current.failedAt < RETRY_AFTER_MS) return;
  const loading = readSiteAddress(db).then(
    () => {
      current.failedAt = undefined;
    },
    (error: unknown) => {
      current.loaded = undefined;
      current.failedAt = Date.now();
      // No database on this deploy is not news on every cold start.
      if (!(isDatabaseUnavailable(error) && error.reason === 'not configured'))
        console.warn(`site address: could not read the kept address (${error instanceof Error ? error.message : String(error)}).`);
    },
  );
  current.loaded = loading;
  return loading;
}

/**
 * Keeps `origin` as the site's address unless it already is; true when it
 * is new (the first, or another domain), in which case the CDN is purged.
 */
export async function keepSiteAddress(origin: string, db?: Database): Promise<boolean> {
  const rows = await (
    await database(db)
  ).query(
    `INSERT INTO site_address (only_row, origin, noticed_at) VALUES (true, $1, now())
     ON CONFLICT (only_row) DO UPDATE SET origin = excluded.origin, noticed_at = now()
     WHERE site_address.origin IS DISTINCT FROM excluded.origin
     RETURNING origin`,
    [origin],
  );
  if (rows.length === 0) return false;
  console.info(`site address: the site answers at ${origin}; links and pages use it from now on.`);
  await purgeWholeCdn().catch((error: unknown) =>
    console.warn(
      `site address: the CDN could not be purged (${error instanceof Error ? error.message : String(error)}); pages it keeps catch up within a day.`,
    ),
  );
  return true;
}

type DeployContext = { deploy?: { context?: unknown; published?: unknown } } | undefined;

/** The https origin of a domain of hers that this request reached the site at, on Netlify's published deploy; else null. */
export function servedOwnOrigin(request: Request, context?: unknown): string | null {
  if (!onFunctionHost()) return null;
  const deploy = (context as DeployContext)?.deploy;
  // A deploy preview or a branch deploy is not the site's address, whatever domain it is served at.
  if (deploy && ((typeof deploy.context === 'string' && deploy.context !== 'production') || deploy.published === false)) return null;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || (url.port && url.port !== '443')) return null;
  const host = ownDomain(url.origin);
  return host ? `https://${host}` : null;
}

/**
 * Notices the domain a request reached the site at (on Netlify), and loads
 * the kept one before a request that reads the database anyway. The work
 * that keeps a new address goes on after the answer (`context.waitUntil`).
 */
export function withSiteAddress<A extends unknown[], R>(handler: (request: Request, ...rest: A) => Promise<R>) {
  return async (request: Request, ...rest: A): Promise<R> => {
    const context = rest[0] as { waitUntil?: (work: Promise<unknown>) => void } | undefined;
    const origin = servedOwnOrigin(request, context);
    const current = state();
    const pathname = (() => {
      try {
        return new URL(request.url).pathname;
      } catch {
        return '/';
      }
    })();
    const readsDatabase = requestNeedsSecrets(request, pathname);
    if (origin && current.noticed?.origin !== origin) {
      current.noticed = { origin, noticedAt: new Date() };
      current.kept = undefined;
    }
    // Kept from a request that reads the database anyway: a visitor's page never wakes it.
    if (origin && readsDatabase && current.kept !== origin) {
      current.kept = origin;
      const keeping = keepSiteAddress(origin).catch((error: unknown) => {
        current.kept = undefined;
        console.warn(`site address: could not keep ${origin} (${error instanceof Error ? error.message : String(error)}).`);
      });
      if (typeof context?.waitUntil === 'function') context.waitUntil(keeping);
    }
    if (readsDatabase && !origin) await loadSiteAddress();
    return handler(request, ...rest);
  };
}

/**
 * hidden-images (a Netlify edge function, in front of /generated/images/*):
 * on Netlify the CDN answers a deploy's static files before any function, so
 * an image the live content no longer shows (a case study made private from
 * the editor, a photo replaced or deleted) would stay downloadable at its
 * public address until the build its publish started is live. The publish
 * that made the content live wrote the names of those files, and the deploy
 * it judged them against, in the live store (Netlify Blobs, key
 * `hidden-images`, app/content/live-store.server.ts); this answers 404 for
 * them while that deploy is the one serving. A new deploy holds none of them
 * (its build writes only the images its content names), so the record is
 * then ignored, until the next publish writes one for it.
 *
 * The record is read at most once every MEMO_MS per edge instance: an image
 * request costs the edge function's run and, now and then, one small Blobs
 * read. If the store cannot be read, the image is served (onError: bypass):
 * a site whose images all vanish when Blobs hiccups is worse, and the window
 * is minutes (docs/security.md).
 *
 * Under `npm start` the Node server makes the same decision itself, before
 * its static handlers (scripts/serve.ts); this file runs on Netlify only.
 */

export type HiddenImagesRecord = { deploy: string | null; names: string[] };

type EdgeContext = {
  next: (request?: Request) => Promise<Response>;
  deploy?: { id?: string; context?: string };
};

/** How long one read of the record is trusted: a publish is refused everywhere within this, and Blobs is read rarely. */
export const MEMO_MS = 10_000;

const IMAGES_PATH = '/generated/images/';
/** The same as LIVE_STORE_NAME and HIDDEN_IMAGES_KEY in app/content/live-store.server.ts (this file cannot import it). */
const STORE_NAME = 'live-content';
const RECORD_KEY = 'hidden-images';

export const config = {
  path: '/generated/images/*',
  method: ['GET', 'HEAD'],
  onError: 'bypass',
};

/** The live store of this deploy's context, named as openLiveStore names it. */
function storeName(deployContext: string | undefined): string {
  return !deployContext || deployContext === 'production'
    ? STORE_NAME
    : `${STORE_NAME}-${deployContext.replace(/[^a-z0-9-]/gi, '-').slice(0, 40)}`;
}

async function readFromBlobs(deployContext: string | undefined): Promise<HiddenImagesRecord | null> {
  const { getStore } = await import('@netlify/blobs');
  const store = getStore({ name: storeName(deployContext), consistency: 'strong' });
  return (await store.get(RECORD_KEY, { type: 'json' })) as HiddenImagesRecord | null;
}

/**
 * The edge function, with where the record comes from: Netlify Blobs on
 * Netlify; a stand-in in the tests (Blobs and the CDN cannot run here).
 */
export function hiddenImages(
  readRecord: (deployContext: string | undefined) => Promise<HiddenImagesRecord | null>,
  now: () => number = Date.now,
) {
  let memo: { at: number; names: ReadonlySet<string>; deploy: string | null } | undefined;
  return async (request: Request, context: EdgeContext): Promise<Response | undefined> => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(IMAGES_PATH)) return undefined;
    if (!memo || now() - memo.at >= MEMO_MS) {
      const record = await readRecord(context.deploy?.context);
      memo = { at: now(), names: new Set(record?.names ?? []), deploy: record?.deploy ?? null };
    }
    // Judged against another deploy: this one was built since, and holds none of those files.
    if (memo.deploy !== (context.deploy?.id ?? null)) return undefined;
    let name: string;
    try {
      name = decodeURIComponent(pathname.slice(IMAGES_PATH.length));
    } catch {
      return undefined;
    }
    if (!memo.names.has(name)) return undefined;
    return new Response('Not Found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=60', 'x-content-type-options': 'nosniff' },
    });
  };
}

export default hiddenImages(readFromBlobs);

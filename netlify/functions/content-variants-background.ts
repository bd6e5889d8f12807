import { getContentCheckSecret } from '../../app/editing/content-check/config.server';
import { openLiveStore } from '../../app/content/live-store.server';
import { buildVersion } from '../../app/content/current-content.server';
import { purgeCdnTags } from '../../app/http/cdn-purge.server';
import { readFunctionCall } from '../../app/http/function-call.server';
import { completePendingVariants } from '../../pipeline/publish-variants';

/**
 * content-variants-background: makes the image variants a publish left
 * pending (pipeline/publish-variants.ts), after the publish has answered.
 * A Netlify background function (the `-background` suffix): its caller gets
 * 202 at once, and it has 15 minutes where a publish has 60 s, so eight new
 * photos' AVIF and WebP variants at five widths never hold up the publish.
 * Until they are made, the site serves each one's source image in its
 * place (app/http/live-content.server.ts), so no page shows a broken image.
 *
 * Its only caller is the content-check function, which holds the same
 * bearer secret; the body is `{}` (it works on the current live version).
 * `npm start` runs this file in-process (scripts/serve.ts).
 */

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' },
  });
}

export default async (req: Request): Promise<Response> => {
  try {
    const call = await readFunctionCall(req, {
      name: 'content-variants',
      secret: getContentCheckSecret,
      missingSecret: 'neither CONTENT_CHECK_SECRET nor SESSION_SECRET is set',
      limit: 1024,
    });
    if (!('json' in call)) return reply(call.status, { error: call.error });
    const store = await openLiveStore(buildVersion().deployContext);
    if (!store) return reply(200, { made: 0, version: null, ms: 0 });
    const outcome = await completePendingVariants({
      store,
      purge: (tags) =>
        purgeCdnTags(tags).catch((error: unknown) => console.warn(`content-variants: the CDN purge failed: ${String(error)}`)),
    });
    return reply(200, outcome);
  } catch (error) {
    // Nothing is lost: the variants stay pending (their source images are served), and the next publish asks again.
    console.error('content-variants: unexpected error', error);
    return reply(500, { error: 'The image variants could not be made.' });
  }
};

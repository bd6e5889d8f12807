import type { LoaderFunctionArgs } from '@remix-run/node';
import { privateMediaFile } from '~/access/private-media.server';
import { isUnlocked } from '~/access/private-access.server';
import { requestLink } from '~/access/link-access.server';

/** The password's cookie, or a live share link (the database unreachable: no). */
async function mayReadPrivateMedia(request: Request): Promise<boolean> {
  if (isUnlocked(request)) return true;
  return (await requestLink(request).catch(() => null)) !== null;
}

/**
 * The story images and clips of private case studies. They are built into
 * .generated/private-media/, never public/ (on Netlify everything there is
 * public by URL), and served only to a visitor who has unlocked private
 * case studies; anyone else gets the same 404 as for a file that does not
 * exist. Browsers may keep them, shared caches may not.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const file = (await mayReadPrivateMedia(request)) ? await privateMediaFile(params.file ?? '') : null;
  if (!file) {
    return new Response('Not Found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' },
    });
  }
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'Content-Type': file.type,
      'Content-Length': String(file.bytes.byteLength),
      'Cache-Control': 'private, max-age=3600',
      'X-Robots-Tag': 'noindex',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

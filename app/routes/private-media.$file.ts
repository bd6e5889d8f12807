import type { LoaderFunctionArgs } from '@remix-run/node';
import { privateMediaFile } from '~/utils/private-media.server';
import { isUnlocked } from '~/utils/private-access.server';

/**
 * The story images and clips of private case studies. They are built into
 * .generated/private-media/, never public/ (on Netlify everything there is
 * public by URL), and served only to a visitor who has unlocked private
 * case studies; anyone else gets the same 404 as for a file that does not
 * exist. Browsers may keep them, shared caches may not.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const file = isUnlocked(request) ? await privateMediaFile(params.file ?? '') : null;
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

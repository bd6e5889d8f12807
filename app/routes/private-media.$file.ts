import type { LoaderFunctionArgs } from '@remix-run/node';
import { privateMediaCaseStudies, privateMediaFile } from '~/access/private-media.server';
import { isUnlocked } from '~/access/private-access.server';
import { requestLink } from '~/access/link-access.server';
import { opensCaseStudy } from '~/access/share-links.server';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The password's cookie (it opens every private case study), or a live share
 * link that opens a case study whose story uses the file (the database
 * unreachable: no).
 */
async function mayReadPrivateMedia(request: Request, name: string): Promise<boolean> {
  if ((await isUnlocked(request).catch(() => false)) === true) return true;
  const link = await requestLink(request).catch(() => null);
  return link !== null && privateMediaCaseStudies(name).some((slug) => opensCaseStudy(link, slug));
}

/**
 * The story images and clips of private case studies. They are built into
 * .generated/private-media/, never public/ (on Netlify everything there is
 * public by URL), and served only to a visitor who has unlocked private
 * case studies; anyone else gets the same 404 as for a file that does not
 * exist. Browsers may keep them, shared caches may not.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const name = params.file ?? '';
  const file = (await mayReadPrivateMedia(request, name)) ? await privateMediaFile(name) : null;
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
      // An SVG opened on its own is a document of this origin: it may draw, never run anything.
      ...(file.type === 'image/svg+xml' ? { 'Content-Security-Policy': SVG_CSP } : {}),
    },
  });
}

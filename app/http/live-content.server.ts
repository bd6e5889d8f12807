import {
  currentRequestContent,
  noteServedVersion,
  resolveCurrentVersion,
  runWithContent,
  type LoadedVersion,
} from '~/content/current-content.server';
import { changedTags, fileTag, isRetiredImage, tagHashes } from '~/content/live-version';
import { RESUME_PDF_PATH, resumePdfDisposition } from '~/content/resume-file-name';
import { PAGE_CACHE, PAGE_CDN_CACHE } from './cache-headers.server';

/**
 * Every request of the site runs on one version of the content, chosen at
 * its start (current-content.server.ts). This wrapper:
 * - answers the files that version derives from content: /resume.pdf, the
 *   favicons, the sharing cards, and the image variants a publish made that
 *   the deploy's static files do not have;
 * - runs the app with that version, recording the pieces of content it
 *   reads (withCacheTags then tags a cacheable answer with them,
 *   `Netlify-Cache-Tag`, so a publish purges exactly the answers it changed);
 * - tells `onNewVersion` which tags changed when this instance first serves a
 *   new version (the Node server's page cache purges them; on Netlify the
 *   publish purges the CDN itself).
 */

type FetchHandler<C, R extends Response | void = Response> = (request: Request, context: C) => Promise<R>;

/** Content-hashed names: never change, kept a year, and an SVG among them may draw, never run anything (as netlify.toml says for /generated/*). */
const HASHED_FILE = /^\/generated\//;

/** A variant not made yet answers with its source image for now (VersionFile.pending): kept a few seconds by the CDN, until the variant's purge. */
const STAND_IN_CDN_CACHE = 'public, s-maxage=30';

function fileResponse(request: Request, sitePath: string, bytes: Buffer, type: string, standIn = false): Response {
  const headers = new Headers({ 'Content-Type': type, 'Content-Length': String(bytes.byteLength), 'X-Content-Type-Options': 'nosniff' });
  if (HASHED_FILE.test(sitePath)) headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (standIn) {
    headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
    headers.set('Netlify-CDN-Cache-Control', STAND_IN_CDN_CACHE);
  } else if (HASHED_FILE.test(sitePath)) {
    headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    // Browsers revalidate, as for pages; the CDN keeps it until a publish changes it.
    headers.set('Cache-Control', PAGE_CACHE);
    headers.set('Netlify-CDN-Cache-Control', PAGE_CDN_CACHE);
  }
  headers.set('Netlify-Cache-Tag', fileTag(sitePath));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
}

async function versionFile(request: Request, version: LoadedVersion): Promise<Response | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  let sitePath: string;
  try {
    sitePath = decodeURIComponent(new URL(request.url).pathname);
  } catch {
    return null;
  }
  const file = Object.hasOwn(version.files, sitePath) ? version.files[sitePath] : undefined;
  // A private case study's media is served by its own route, behind its access check.
  if (!file || file.private) return null;
  const bytes = await version.readFile(sitePath);
  if (!bytes) return null;
  const response = fileResponse(request, sitePath, bytes, file.type, Boolean(file.pending));
  // Saved under her name, from the same version as the PDF's words.
  if (sitePath === RESUME_PDF_PATH) response.headers.set('Content-Disposition', resumePdfDisposition(version.content.site.name));
  return response;
}

/**
 * A 404 is kept a minute at most: a publish that brings the image back is
 * seen at once by the next request (the file itself stays immutable).
 */
export const RETIRED_IMAGE_HEADERS = { 'Cache-Control': 'public, max-age=60', 'X-Content-Type-Options': 'nosniff' } as const;

/**
 * Whether `sitePath` is an image the deploy still holds (its static files,
 * answered before the app) but the live version no longer names: a photo
 * replaced or deleted by a publish since the build. Such a request answers
 * 404 (RETIRED_IMAGE_HEADERS); the build's own images are all named by it.
 */
export async function isRetiredImageRequest(sitePath: string): Promise<boolean> {
  const version = await resolveCurrentVersion();
  return version.source === 'live' && isRetiredImage(sitePath, version);
}

export function withLiveContent<C, R extends Response | void>(
  handler: FetchHandler<C, R>,
  { onNewVersion }: { onNewVersion?: (tags: string[]) => void } = {},
): FetchHandler<C, R | Response> {
  return async (request, context) => {
    const version = await resolveCurrentVersion();
    const previous = noteServedVersion(version);
    if (previous && onNewVersion)
      onNewVersion(changedTags(tagHashes(previous.content, previous.files), tagHashes(version.content, version.files)));
    const file = await versionFile(request, version);
    if (file) return file;
    return runWithContent({ version, tags: new Set() }, () => handler(request, context));
  };
}

/**
 * Tags a cacheable answer with the pieces of content it read. Inside any
 * page cache (the Node server's), so what it keeps carries its tags; only
 * what a CDN may keep is tagged: private and no-store answers carry no
 * Netlify-CDN-Cache-Control.
 */
export function withCacheTags<C, R extends Response | void>(handler: FetchHandler<C, R>): FetchHandler<C, R> {
  return async (request, context) => {
    const response = await handler(request, context);
    const tags = currentRequestContent()?.tags;
    if (response && tags && tags.size > 0 && response.headers.has('Netlify-CDN-Cache-Control')) {
      try {
        response.headers.set('Netlify-Cache-Tag', [...tags].sort().join(','));
      } catch {
        // An answer with immutable headers (a redirect made by fetch) is never cached: nothing to tag.
      }
    }
    return response;
  };
}

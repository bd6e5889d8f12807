import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { draftUploadByPath } from '~/editing/drafts/images.server';
import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import { readBranchFile } from '~/editing/git/branch-file.server';

/**
 * /admin/content/api/media/<repository path>: the owner's view of a file the
 * edit uses and the site has not built yet. Only images and videos under
 * content/ and public/ (the same rules as the editor's paths); an SVG is
 * served under a sandboxing CSP, like every SVG the site serves.
 */

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
};
const PATH = /^(content|public)\/(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*\.([a-z0-9]+)$/;

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...OWNER_HEADERS } });

export async function contentMediaLoader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  const path = params['*'] ?? '';
  const [, root, extension = ''] = PATH.exec(path) ?? [];
  // Own keys only: an extension such as .constructor must not find Object's.
  const type = Object.hasOwn(TYPES, extension) ? TYPES[extension] : undefined;
  if (!type || path.split('/').some((segment) => segment === '..' || segment.startsWith('.'))) return notFound();
  const upload = root === 'content' ? await draftUploadByPath(path) : null;
  const fromBranch = async () => readBranchFile(path, await resolvePublishConfig());
  const bytes = upload?.bytes ?? (await fromBranch().catch(() => null));
  if (!bytes) return notFound();
  const headers = new Headers({
    'Content-Type': type,
    'Content-Length': String(bytes.length),
    'X-Content-Type-Options': 'nosniff',
    ...OWNER_HEADERS,
  });
  if (extension === 'svg') headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return new Response(new Uint8Array(bytes), { headers });
}

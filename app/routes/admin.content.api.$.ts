import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { contentDraftAction } from './admin.content.api.$.draft.server';
import { contentFieldImageAction } from './admin.content.api.$.field-image.server';
import { lookPreviewLoader, lookTypefacesLoader } from './admin.content.api.$.look-preview.server';
import { contentMediaLoader } from './admin.content.api.$.media.server';
import { contentPreviewAction } from './admin.content.api.$.preview.server';
import { contentUploadAction } from './admin.content.api.$.upload.server';
import { OWNER_HEADERS } from '~/http/owner-headers';

/**
 * The editor's requests that are not pages, under one route:
 * POST draft (the autosave), POST upload (an image), POST field-image (a
 * photo or card image replaced), POST preview (the page
 * as the site will draw it, in a new tab), GET media/<path> (an image of the
 * edit), GET look-preview/<page> (a frame of the Look page's preview) and
 * GET look-typefaces.css (its typeface labels' faces). One route file rather than four: the browser build names every
 * route's chunk from the whole set of routes, and four more files renamed a
 * public page's chunk (same bytes, new name) that one does not.
 */

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...OWNER_HEADERS } });

const ACTIONS: Record<string, (args: ActionFunctionArgs) => Promise<Response | unknown>> = {
  draft: contentDraftAction,
  upload: contentUploadAction,
  'field-image': contentFieldImageAction,
  preview: contentPreviewAction,
};

export function loader(args: LoaderFunctionArgs) {
  const splat = args.params['*'] ?? '';
  if (splat.startsWith('media/')) return contentMediaLoader({ ...args, params: { ...args.params, '*': splat.slice('media/'.length) } });
  if (splat.startsWith('look-preview/'))
    return lookPreviewLoader({ ...args, params: { ...args.params, '*': splat.slice('look-preview/'.length) } });
  if (splat === 'look-typefaces.css') return lookTypefacesLoader(args);
  return notFound();
}

export function action(args: ActionFunctionArgs) {
  const name = args.params['*'] ?? '';
  const run = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  return run ? run(args) : notFound();
}

import type { ClientLoaderFunctionArgs } from '@remix-run/react';

/**
 * The clientLoader of every public route. Public pages run no app in the
 * browser (root.tsx): they are the server's HTML with islands, which only a
 * page loaded as a document starts (React never runs a script it renders
 * itself). The owner's area does run the app, and its links to public pages
 * reload the document; any other way the app might render a public page
 * (a redirect after a form, a link that forgot) lands here, in the app
 * only, and loads the page as a document instead.
 */
export function loadAsDocument({ request }: ClientLoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  // The document navigation takes over; the app's own never finishes.
  return new Promise<never>(() => {});
}

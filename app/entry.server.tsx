import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { setCacheHeaders } from '~/http/cache-headers.server';
import { deferHydration } from '~/content/deferred-hydration.server';
import { setSecurityHeaders } from '~/http/security-headers.server';
import { isMethodNotAllowedReport } from '~/http/route-methods.server';
import { withLook } from '~/look/look.server';

const RENDER_TIMEOUT_MS = 5_000;

/**
 * Renders the whole document before sending it: the pages are small, and the
 * CSP needs the hash of every inline script in the final HTML. Waiting for
 * onAllReady also keeps React's streaming helper scripts out of the page.
 */
function renderDocument(request: Request, remixContext: EntryContext): Promise<string> {
  return new Promise((resolve, reject) => {
    let abortTimer: NodeJS.Timeout | undefined = undefined;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={RENDER_TIMEOUT_MS} />,
      {
        onAllReady() {
          clearTimeout(abortTimer);
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          body.on('error', reject);
          pipe(body);
        },
        onShellError(error) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error) {
          // Errors while rendering after the shell are logged, not thrown.
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
    abortTimer = setTimeout(abort, RENDER_TIMEOUT_MS + 1_000);
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // React emits the doctype itself when it renders <html>.
  // A public page renders no <Scripts/> (root.tsx), so it carries no hydration data and nothing to defer.
  // withLook: her look also on an error page rendered without the root loader's data.
  const html = withLook(deferHydration(await renderDocument(request, remixContext)));
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  setSecurityHeaders(responseHeaders, html);
  setCacheHeaders(responseHeaders, request, responseStatusCode);
  return new Response(html, { status: responseStatusCode, headers: responseHeaders });
}

/** Client-side navigations and form posts (single fetch) follow the same cache policy. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  setCacheHeaders(response.headers, request, response.status);
  return response;
};

/**
 * Remix's report of a server error, as it would log it, except for a method a
 * route does not take: its 405 page is answer enough, and a stack trace per
 * request is a cheap way to flood the log (app/http/route-methods.server.ts).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isMethodNotAllowedReport(error)) return;
  console.error(error);
};

import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { setCacheHeaders } from '~/utils/cache-headers.server';
import { setSecurityHeaders } from '~/utils/security-headers.server';

const RENDER_TIMEOUT_MS = 5_000;

/**
 * Renders the whole document before sending it: the pages are small, and the
 * CSP needs the hash of every inline script in the final HTML. Waiting for
 * onAllReady also keeps React's streaming helper scripts out of the page.
 */
function renderDocument(request: Request, remixContext: EntryContext): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={RENDER_TIMEOUT_MS} />,
      {
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          body.on('error', reject);
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          failed = true;
          // Errors while rendering after the shell are logged, not thrown.
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
    setTimeout(abort, RENDER_TIMEOUT_MS + 1_000);
    void failed;
  });
}

/**
 * Remix marks every module of the page as a high-priority download with
 * <link rel="modulepreload">. The page is complete without JavaScript, so on a
 * slow phone those ~95 KB only compete with the CSS, image and text that make
 * the first paint. The module script still loads them all, just without
 * jumping the queue. The links stay in the markup, inert, because React
 * hydrates against them (production hydration does not compare attributes;
 * in development they are left alone to keep its checks quiet).
 */
function withoutModulePreloads(html: string): string {
  if (process.env.NODE_ENV !== 'production') return html;
  return html.replace(/<link rel="modulepreload"/g, '<link rel="x-modulepreload-deferred"');
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // React emits the doctype itself when it renders <html>.
  const html = withoutModulePreloads(await renderDocument(request, remixContext));
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

// Keeps the import used by Remix's type for streaming bodies in one place.
export const _stream = createReadableStreamFromReadable;

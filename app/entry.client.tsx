import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Resolves once Remix has decoded the data the server streamed into the page
 * (single fetch), so the first render of the document does not suspend.
 *
 * RemixBrowser suspends the whole document, with no Suspense boundary above
 * it, until that data is decoded, and it starts the decoding in its first
 * render. The app starts after the first paint, so the page is already in
 * use: a click or a keystroke between hydrateRoot and React's first render
 * makes React 18 hydrate at once, synchronously. That render suspends at the
 * root, which a synchronous render counts as an error; React retries it to
 * recover, the retry suspends too and ends incomplete, and React throws
 * "Root did not complete" (minified error #345) and never hydrates the page.
 * Started here, the decoding is over before React renders anything.
 *
 * While the stream is still in the page, RemixBrowser takes it, starts the
 * decoding and throws the decoding's promise before it calls any hook (the
 * same call React would make first). That promise never rejects: a failed
 * decoding is thrown by the render, as before.
 */
function pageDataDecoded(): Promise<unknown> {
  if (!window.__remixContext?.future.v3_singleFetch || !window.__remixContext.stream) return Promise.resolve();
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) return thrown;
  }
  return Promise.resolve();
}

void pageDataDecoded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);

import type { HeadersFunction } from '@remix-run/node';

/**
 * A route's headers for a page that has both a loader and an action (a
 * password form): the loader's, with the action's on top. That keeps a
 * private page's no-store and noindex on the answer to a POST too. Remix
 * leaves `headers` out of the browser build, so this costs visitors nothing.
 */
export const loaderAndActionHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => headers.set(name, value));
  return headers;
};

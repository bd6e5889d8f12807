/**
 * Netlify's limits on a synchronous function, as numbers the site plans by
 * and the local server enforces (scripts/platform-limits.ts). From Netlify's
 * "Functions configuration", default values: a buffered request or response
 * carries at most 6 MB, and a binary body travels base64-encoded (about a
 * third larger, so about 4.5 MB of file); a call runs at most 60 s. No
 * server-only import: the editor's browser code states the same limits.
 */

/** What one request or one buffered response of a function may carry, as Netlify counts it: 6 MB (AWS Lambda's 6,291,456-byte invocation payload). */
export const FUNCTION_PAYLOAD_BYTES = 6 * 1024 * 1024;

/** A synchronous function's time: 60 s. */
export const FUNCTION_TIME_MS = 60_000;

/** A background function (name ending in `-background`): its caller gets 202 at once; it runs up to 15 minutes on at most 256 KB of request. */
export const BACKGROUND_FUNCTION_TIME_MS = 15 * 60_000;
export const BACKGROUND_PAYLOAD_BYTES = 256 * 1024;

/** What Netlify answers when a request is over the limit: the function never runs. */
export const REQUEST_TOO_LARGE_STATUS = 413;
/** What Netlify answers when a function's answer is over the limit, or the function ran out of time. */
export const FUNCTION_FAILED_STATUS = 502;

/** Content types Netlify passes as text; every other body (multipart with a file, an image, none declared) is base64-encoded. */
const TEXT_TYPES = new Set([
  'application/csp-report',
  'application/graphql',
  'application/json',
  'application/javascript',
  'application/x-www-form-urlencoded',
  'application/x-ndjson',
  'application/xml',
]);

/** Whether Netlify base64-encodes a body of this Content-Type (the rule of Netlify's own local runtime, @netlify/dev-utils). */
export function travelsAsBase64(contentType: string | null | undefined): boolean {
  const type = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (!type) return true;
  if (type.startsWith('text/') || type.endsWith('+json') || type.endsWith('+xml')) return false;
  return !TEXT_TYPES.has(type);
}

/** A body of `bytes` as the function's payload counts it: its base64 length for a binary body. */
export function countedBytes(bytes: number, contentType: string | null | undefined): number {
  return travelsAsBase64(contentType) ? Math.ceil(bytes / 3) * 4 : bytes;
}

/** The largest file a binary body of this limit can carry, with `overhead` bytes of framing (multipart headers, other fields). */
export function largestBinaryFile(overhead = 0): number {
  return Math.floor(((FUNCTION_PAYLOAD_BYTES - overhead) * 3) / 4);
}

/**
 * What the editor sends, once the browser has made a photo the size the site
 * uses: well under the limit, with room for the form around it (the field
 * image's upload posts the whole edit form with the file).
 */
export const PREPARED_IMAGE_BYTES = 3 * 1024 * 1024;

/**
 * What a file picked without JavaScript may weigh: the browser sends it as
 * it is, base64 makes it about a third larger, and the form's own fields
 * travel with it. Said to the designer as "4 MB".
 */
export const NO_SCRIPT_IMAGE_BYTES = 4 * 1024 * 1024;

/** "12.4 MB": a size in the words the editor uses (1 MB = 1,048,576 bytes, one decimal). */
export function megabytes(bytes: number): string {
  return `${(Math.round((bytes / 1024 / 1024) * 10) / 10).toFixed(1)} MB`;
}

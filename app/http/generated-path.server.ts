import path from 'node:path';

/**
 * The files under /generated (content-hashed images and their variants) are
 * answered by static handlers, and a static handler decodes and normalises a
 * path before it opens a file: `//generated/images/x`, `/generated/./images/x`,
 * `/generated/%69mages/x`, `/generated%2Fimages%2Fx` and `/x/..%2Fgenerated/images/x`
 * all open the same file as `/generated/images/x`. A check on the exact path
 * (an image the live content no longer shows) or a header set by a mount
 * (the sandbox CSP) would miss every other spelling. So the decision is made
 * once, in front of every static handler, on the path the static handler
 * would open; and only the one spelling the pages use is answered at all.
 */

const GENERATED_DIR = '/generated/';

/**
 * The path a static handler (`send`, under express.static) opens for a
 * request path: percent-escapes decoded, `.`, `..` and runs of slashes
 * resolved. Null when it cannot be decoded (the request is refused before
 * this, as a 400).
 */
export function staticFilePath(pathname: string): string | null {
  try {
    return path.posix.normalize(`/${decodeURIComponent(pathname)}`);
  } catch {
    return null;
  }
}

export type GeneratedRequest =
  /** Not a file under /generated, whatever the spelling: not this check's business. */
  | { kind: 'elsewhere' }
  /** A file under /generated asked for by another spelling than its own: answered 404, never served. */
  | { kind: 'other-spelling' }
  /** A file under /generated at its own address. */
  | { kind: 'file'; sitePath: string };

/**
 * What a GET for `pathname` would open under /generated. Case counts too:
 * the router's mounts match `/GENERATED/…` case-insensitively.
 */
export function generatedRequest(pathname: string): GeneratedRequest {
  const opened = staticFilePath(pathname);
  if (opened === null) return { kind: 'elsewhere' };
  const lower = opened.toLowerCase();
  if (!lower.startsWith(GENERATED_DIR) && lower !== GENERATED_DIR.slice(0, -1)) return { kind: 'elsewhere' };
  if (pathname !== opened || !opened.startsWith(GENERATED_DIR)) return { kind: 'other-spelling' };
  return { kind: 'file', sitePath: opened };
}

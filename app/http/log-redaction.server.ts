import { formatWithOptions } from 'node:util';

/**
 * Secrets that travel in URLs must never reach a log line, whoever writes it:
 * Remix prints paths in its own messages ("You made a POST request to
 * "/s/<token>"…", "404 Not Found: /s/<token>/x"), so the server's console
 * itself is filtered, once per process, before anything else logs.
 *
 * - a share link's path, any case (the router matches /S/ too), even
 *   percent-encoded: /s/[token];
 * - the owner's one-time sign-in link: token=[token];
 * - a GitHub token (ghp_…, github_pat_…, the publishing token), wherever a
 *   message quotes it;
 * - and, whatever path carries it (`/s//<token>`, `/s%5C<token>`, its
 *   characters percent-escaped), anything shaped like a token: a run of 43
 *   or more base64url characters, as written or once decoded.
 *
 * Control characters other than line breaks and tabs are escaped, so a
 * value that reaches a line cannot colour the terminal or rewrite it.
 */

const SHARE_PATH = /(\/|%2f)s(\/|%2f)[^\s"'`<>?#/\\]+/gi;
const TOKEN_PARAM = /\b(token=)[^\s"'`<>&#]+/gi;
const GITHUB_TOKEN = /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g;
/** A run of base64url characters, some perhaps percent-escaped. */
const RUN = /(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})+/g;
const TOKEN_SHAPE = /[A-Za-z0-9_-]{43}/;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

function decoded(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run;
  }
}

export function redactSecrets(text: string): string {
  return text
    .replace(SHARE_PATH, (_, a: string, b: string) => `${a}s${b}[token]`)
    .replace(TOKEN_PARAM, '$1[token]')
    .replace(GITHUB_TOKEN, '[token]')
    .replace(RUN, (run) => (run.length >= 43 && TOKEN_SHAPE.test(run.includes('%') ? decoded(run) : run) ? '[token]' : run))
    .replace(CONTROL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;
const INSTALLED = Symbol.for('portfolio.log-redaction');

/** Filters console.log, info, warn, error and debug through redactSecrets; safe to call again. */
export function redactLogs(target: Console = console): void {
  const marked = target as Console & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  for (const method of METHODS) {
    const original = target[method].bind(target);
    // Formatted as console would (objects and errors with their stacks), then filtered as one string.
    target[method] = (...args: unknown[]) => original(redactSecrets(formatWithOptions({ colors: false }, ...args)));
  }
}

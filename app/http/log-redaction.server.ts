import { formatWithOptions } from 'node:util';

/**
 * Secrets that travel in URLs must never reach a log line, whoever writes it:
 * Remix prints paths in its own messages ("You made a POST request to
 * "/s/<token>"…", "404 Not Found: /s/<token>/x"), so the server's console
 * itself is filtered, once per process, before anything else logs.
 *
 * - a share link's path, any case (the router matches /S/ too), even
 *   percent-encoded: /s/[token];
 * - the owner's one-time sign-in link: token=[token].
 */

const SHARE_PATH = /(\/|%2f)s(\/|%2f)[^\s"'`<>?#/\\]+/gi;
const TOKEN_PARAM = /\b(token=)[^\s"'`<>&#]+/gi;

export function redactSecrets(text: string): string {
  return text.replace(SHARE_PATH, (_, a: string, b: string) => `${a}s${b}[token]`).replace(TOKEN_PARAM, '$1[token]');
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

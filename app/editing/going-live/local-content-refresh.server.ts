/**
 * Under `npm run dev`, the server compiles content/ in its own process
 * (scripts/dev-content.ts) and registers here how to ask for that. A
 * publish in local mode, once its files are written, waits for that compile,
 * so the page it leads to shows what was published, and the server is never
 * restarted for it. Under `npm start` nothing is registered: the production
 * build's content changes with the next build only.
 *
 * Kept on globalThis: this module is bundled into more than one copy in one
 * process (the server's bundle and Remix's build), and the registration made
 * by one must be seen by the other.
 */

export type ContentRefreshOutcome = { ok: true } | { ok: false; problem: string };
type Refresh = () => Promise<ContentRefreshOutcome>;

const KEY = Symbol.for('portfolio.localContentRefresh');
const registry = globalThis as typeof globalThis & { [KEY]?: Refresh };

/** A compile of this long is a stuck one: the publish answers anyway (its commit has landed). */
export const REFRESH_TIMEOUT_MS = 60_000;

export function registerLocalContentRefresh(refresh: Refresh): void {
  registry[KEY] = refresh;
}

/** Waits for the running server's content to include what was just written; a warning for the designer when it could not. */
export async function refreshLocalContent(): Promise<string | undefined> {
  const refresh = registry[KEY];
  if (!refresh) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), REFRESH_TIMEOUT_MS);
  });
  try {
    const outcome = await Promise.race([refresh(), late]);
    if (outcome === 'late') return 'Published. The site here is still being updated: reload the page in a moment to see the change.';
    if (!outcome.ok) return 'Published, but the site here cannot show it yet: open it to see what needs a fix.';
    return undefined;
  } catch {
    return 'Published, but the site here could not be updated: reload the page to see the change.';
  } finally {
    clearTimeout(timer);
  }
}

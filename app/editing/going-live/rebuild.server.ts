import { readEnv, type EnvSource } from '~/settings/env.server';

/**
 * The owner's "Rebuild the site": a POST to a Netlify build hook
 * (BUILD_HOOK_URL, https://api.netlify.com/build_hooks/<id>). Publishing never
 * needs it (a publish is live at once, and Netlify's ignore step skips its
 * build); it is there for when the owner wants a fresh build anyway. Netlify
 * never cancels a build a hook started, so this one always runs.
 *
 * The hook's address is a secret (anyone holding it can start deploys, which
 * cost credits): it never reaches the page, a log line or an error sentence.
 */

export type RebuildSetting = { state: 'off' } | { state: 'ready'; url: URL } | { state: 'invalid' };

export type RebuildResult = { ok: true; message: string } | { ok: false; status: 404 | 429 | 502 | 504; message: string };

export const REBUILD_STARTED = 'A full rebuild has started; it takes a few minutes and counts as one deploy on Netlify.';

const TIMEOUT_MS = 10_000;
// One rebuild per minute from this server: a double click must not spend two deploys.
const QUIET_MS = 60_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

let lastStartedAt = 0;

/** Whether the button shows. An address that is not https (plain http only on this machine, for tests) is refused. */
export function rebuildSetting(env: EnvSource = process.env): RebuildSetting {
  const raw = readEnv('BUILD_HOOK_URL', env);
  if (!raw) return { state: 'off' };
  try {
    const url = new URL(raw);
    if (url.username || url.password) return { state: 'invalid' };
    if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return { state: 'ready', url };
  } catch {
    // Not an address at all: the same sentence as a wrong one.
  }
  return { state: 'invalid' };
}

/** POSTs to the hook within a bound and says in plain words what happened. */
export async function startRebuild(
  setting: RebuildSetting = rebuildSetting(),
  { timeoutMs = TIMEOUT_MS, now = Date.now() }: { timeoutMs?: number; now?: number } = {},
): Promise<RebuildResult> {
  if (setting.state !== 'ready')
    return {
      ok: false,
      status: 404,
      message: 'Rebuilding from here is not set up.',
    };
  if (now - lastStartedAt < QUIET_MS)
    return {
      ok: false,
      status: 429,
      message: 'A rebuild started less than a minute ago and is still under way. There is no need to start another.',
    };
  const url = new URL(setting.url);
  // Netlify shows this title on the deploy instead of its default message.
  if (!url.searchParams.has('trigger_title')) url.searchParams.set('trigger_title', 'Rebuild from the owner’s area');
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.ok) {
      lastStartedAt = now;
      console.log('rebuild: the build hook accepted the request');
      return { ok: true, message: REBUILD_STARTED };
    }
    console.error(`rebuild: the build hook answered ${response.status}`);
    if (response.status === 404) {
      return {
        ok: false,
        status: 502,
        message:
          'Netlify does not know this build hook (it may have been deleted). Nothing was started. Make a new one in Netlify under Build hooks and put it in Netlify’s settings (BUILD_HOOK_URL).',
      };
    }
    return {
      ok: false,
      status: 502,
      message: 'Netlify refused the rebuild just now. Nothing was started; try again in a few minutes.',
    };
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      console.error(`rebuild: the build hook did not answer within ${timeoutMs} ms`);
      return {
        ok: false,
        status: 504,
        message: `Netlify did not answer within ${Math.round(timeoutMs / 1000)} seconds, so the rebuild may or may not have started. Look at Deploys in Netlify before trying again.`,
      };
    }
    // Only the error's code: its message could hold the hook's address.
    const code = ((error as { cause?: { code?: unknown } })?.cause?.code as string | undefined) ?? name ?? 'unknown error';
    console.error(`rebuild: the build hook could not be reached (${code})`);
    return {
      ok: false,
      status: 502,
      message: 'Netlify could not be reached. Nothing was started; try again in a few minutes.',
    };
  }
}

/**
 * Polls `probe` until it returns something other than undefined (or false),
 * and resolves with that. Fails after `timeoutMs`, saying what it waited for.
 * An exception from `probe` ends the wait at once.
 */
export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  {
    timeoutMs = 10_000,
    intervalMs = 25,
    what = 'condition',
  }: { timeoutMs?: number; intervalMs?: number; what?: string | (() => string) } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * For `expect.poll(() => server.output(), LOG_WAIT)`: a child's log line
 * reaches the test through a pipe, possibly after the answer or the file it
 * describes, so a test waits for it (bounded) instead of reading it once.
 */
export const LOG_WAIT = { timeout: 5_000, interval: 25 };

import { afterAll, beforeAll } from 'vitest';

/**
 * For the enclosing file or describe: what `start` makes, made before its
 * tests and ended with `stop` after them. The object it returns is read
 * through to the started one, so tests write `thing.url` as usual (and only
 * once the tests run: reading it while they are being collected throws).
 */
export function useStarted<T extends object>(start: () => Promise<T>, stop: (started: T) => Promise<unknown>): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(async () => {
    if (current) await stop(current);
  });
  return new Proxy({} as T, {
    get: (_target, key) => {
      if (!current) throw new Error(`read before it was started (${String(key)})`);
      return current[key as keyof T];
    },
  });
}

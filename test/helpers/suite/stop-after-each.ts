import { afterEach } from 'vitest';
import { closeAll, type Started } from '../start/browser';

/**
 * For test files that start a server (or an SMTP server…) in each test: the
 * function returned hands back what it is given, and ends it after the test.
 */
export function stopAfterEach(): <T extends Started>(thing: T) => T {
  const started: Started[] = [];
  afterEach(async () => {
    await closeAll([], ...started.splice(0));
  });
  return (thing) => {
    started.push(thing);
    return thing;
  };
}

import { afterEach, beforeEach, vi } from 'vitest';

// A test that makes the code under test call console.error fails, unless it
// says it expects one with expectConsoleError().
let allowed = 0;
let spy: ReturnType<typeof vi.spyOn> | undefined;

export function expectConsoleError(count = 1) {
  allowed += count;
}

beforeEach(() => {
  allowed = 0;
  spy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = spy?.mock.calls.length ?? 0;
  spy?.mockRestore();
  if (calls > allowed) {
    throw new Error(`console.error was called ${calls} time(s) (expected at most ${allowed}): ${JSON.stringify(spy?.mock.calls[0])}`);
  }
});

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
  const calls = [...(spy?.mock.calls ?? [])];
  spy?.mockRestore();
  if (calls.length > allowed) {
    throw new Error(`console.error was called ${calls.length} time(s) (expected at most ${allowed}): ${JSON.stringify(calls[0])}`);
  }
});

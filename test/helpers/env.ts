/**
 * Records `keys` of process.env as they are now; the function it returns puts
 * them back (deleting those that were unset), for a test file that sets them.
 */
export function saveEnv(keys: readonly string[]): () => void {
  const saved = Object.fromEntries(keys.map((key) => [key, process.env[key]]));
  return () => {
    for (const key of keys) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  };
}

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Marks every browser module for eager compilation with V8's explicit compile
 * hint (Chrome 136+, https://v8.dev/blog/explicit-compile-hints). Hydration
 * calls most of React's and Remix's functions at once, and a lazily compiled
 * function is compiled on the main thread when first called: in one long
 * task of ~15 ms (60 ms on Lighthouse's phone) while the page should already
 * respond. With the hint, V8 compiles them while the file streams in, off the
 * main thread. Other browsers ignore the comment. Only the owner's area
 * hydrates; the public pages' islands (public/build/islands) are left
 * without: most of their functions wait for an event, and each hint is
 * bytes on every visitor's page.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

async function* javaScriptFiles(dir: string, skip: string[]): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.includes(entry.name)) yield* javaScriptFiles(full, []);
    } else if (entry.name.endsWith('.js')) yield full;
  }
}

/** Prepends the hint (it must be the file's first line) to each .js file under `dir` but those in its folders `skip`; returns how many it changed. */
export async function addCompileHints(dir: string, skip: string[] = []): Promise<number> {
  let count = 0;
  for await (const file of javaScriptFiles(dir, skip)) {
    const source = await readFile(file, 'utf8');
    if (source.startsWith(COMPILE_HINT)) continue;
    await writeFile(file, COMPILE_HINT + source);
    count += 1;
  }
  return count;
}

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CONTENT_DIR = path.join(ROOT, 'content');

/** A scratch directory holding a copy of the real content/ (at <root>/content). */
export type ContentCopy = {
  root: string;
  dir: string;
  /** Replaces one exact string in a content file; fails if it is not there, so a test never checks nothing. */
  edit: (file: string, from: string | RegExp, to: string) => Promise<void>;
  write: (file: string, text: string) => Promise<void>;
  remove: (file: string) => Promise<void>;
  dispose: () => Promise<void>;
};

export async function copyContent(): Promise<ContentCopy> {
  const root = await mkdtemp(path.join(tmpdir(), 'portfolio-content-'));
  const dir = path.join(root, 'content');
  await cp(CONTENT_DIR, dir, { recursive: true });
  return {
    root,
    dir,
    async edit(file, from, to) {
      const target = path.join(dir, file);
      const text = await readFile(target, 'utf8');
      const found = typeof from === 'string' ? text.includes(from) : from.test(text);
      if (!found) throw new Error(`test fixture: ${String(from)} not found in content/${file}`);
      await writeFile(target, text.replace(from, to));
    },
    write: (file, text) => writeFile(path.join(dir, file), text),
    remove: (file) => rm(path.join(dir, file)),
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileSite, type CompiledSite } from './compile';

/**
 * A tree of files (repository path → bytes) laid out as a checkout and
 * compiled. A publish compiles the same tree twice: once to check the edit
 * (the branch tip plus the edit), then, once committed, to make it live (the
 * new tip: the same files). The last compiled tree is kept, folder and all
 * (its images are read again to render the sharing cards and variants), so
 * the second time costs nothing. One at a time: the folder is removed when
 * another tree replaces it, or after a while.
 */

export type CompiledTree = { root: string; compiled: CompiledSite };

/** Only the folders the build reads are laid out. */
export const LAID_OUT = ['content/', 'public/'];

const KEEP_MS = 5 * 60_000;
const KEY = Symbol.for('portfolio.lastCompiledTree');
type Slot = { hash: string; tree: CompiledTree; timer: NodeJS.Timeout; users: number };
const shared = globalThis as typeof globalThis & { [KEY]?: Slot };

export function treeHash(tree: Map<string, Buffer>): string {
  const hash = createHash('sha256');
  const laidOut = [...tree].filter(([p]) => LAID_OUT.some((prefix) => p.startsWith(prefix)));
  // By UTF-16 code unit, as a plain sort() of the paths.
  laidOut.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [repoPath, bytes] of laidOut) {
    hash.update(repoPath).update('\0').update(createHash('sha256').update(bytes).digest()).update('\0');
  }
  return hash.digest('hex');
}

function forget(slot: Slot | undefined) {
  if (!slot) return;
  clearTimeout(slot.timer);
  if (shared[KEY] === slot) shared[KEY] = undefined;
  void rm(slot.tree.root, { recursive: true, force: true });
}

/**
 * Runs `use` on the compiled tree: the kept one when it holds exactly these
 * files, else a new one (laid out by `layOut`, compiled, then kept). A
 * ContentError from the compile reaches the caller; its folder is removed.
 */
export async function withCompiledTree<T>(tree: Map<string, Buffer>, layOut: (root: string, tree: Map<string, Buffer>) => Promise<void>, use: (compiled: CompiledTree) => Promise<T>): Promise<T> {
  const hash = treeHash(tree);
  let slot = shared[KEY]?.hash === hash ? shared[KEY] : undefined;
  if (!slot) {
    const root = await mkdtemp(path.join(tmpdir(), 'content-tree-'));
    let compiled: CompiledSite;
    try {
      await layOut(root, tree);
      // The private-media folder is only named (planned into) by the compile.
      compiled = await compileSite(path.join(root, 'content'), path.join(root, 'public'), path.join(root, '.generated', 'private-media'));
    } catch (error) {
      await rm(root, { recursive: true, force: true });
      throw error;
    }
    const previous = shared[KEY];
    slot = { hash, tree: { root, compiled }, users: 0, timer: setTimeout(() => forget(slot), KEEP_MS) };
    slot.timer.unref();
    shared[KEY] = slot;
    if (previous && previous.users === 0) forget(previous);
  }
  slot.users++;
  try {
    return await use(slot.tree);
  } finally {
    slot.users--;
    if (shared[KEY] !== slot && slot.users === 0) forget(slot);
  }
}

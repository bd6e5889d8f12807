import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The build's own cache, under .cache/build (gitignored; Netlify keeps it
 * only with a cache plugin, so a Netlify build may start cold). A step's
 * outputs are kept under a key made of everything the step reads; a later
 * build with the same key copies them back instead of running the step.
 * The outputs are bytes the step wrote, so a build that reuses them is
 * byte for byte the build that would have run.
 */
export const BUILD_CACHE_DIR = '.cache/build';

/** Bump when what a step writes changes in a way its inputs do not show (e.g. a new output file). */
export const CACHE_FORMAT = 1;

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Every file under `entry` (a file or a directory), relative to `root`, sorted; a missing entry is no files. */
export async function listFiles(root: string, entry: string, skip: (relative: string) => boolean = () => false): Promise<string[]> {
  const full = path.join(root, entry);
  let info;
  try {
    info = await stat(full);
  } catch {
    return [];
  }
  if (!info.isDirectory()) return skip(entry) ? [] : [entry];
  const out: string[] = [];
  for (const child of (await readdir(full)).sort()) {
    const relative = path.posix.join(entry.split(path.sep).join('/'), child);
    if (skip(relative)) continue;
    out.push(...(await listFiles(root, relative, skip)));
  }
  return out;
}

/**
 * One hash of the named files and directories under `root`: each file's
 * path and bytes, in a fixed order, so a file added, removed, renamed or
 * changed gives another hash. A missing entry hashes as missing.
 */
export async function hashInputs(root: string, entries: string[], skip?: (relative: string) => boolean): Promise<string> {
  const hash = createHash('sha256');
  for (const entry of [...entries].sort()) {
    const files = await listFiles(root, entry, skip);
    hash.update(`entry ${entry} ${files.length}\0`);
    for (const file of files) {
      const bytes = await readFile(path.join(root, file));
      hash.update(`file ${file} ${bytes.byteLength}\0`);
      hash.update(bytes);
    }
  }
  return hash.digest('hex');
}

/** Outputs of a step: whole directories (emptied and replaced on restore, as the step empties them) and single files. */
export type StepOutputs = { dirs: string[]; files: string[] };

const MANIFEST = 'outputs.json';

/**
 * Copies a step's outputs back from the cache; false when the key has no
 * complete entry. An entry is complete once renamed into place (saveStep),
 * so a build killed while saving leaves nothing that is read back.
 */
export async function restoreStep(step: string, key: string, root = '.'): Promise<boolean> {
  const entry = path.join(root, BUILD_CACHE_DIR, step, key);
  let outputs: StepOutputs;
  try {
    outputs = JSON.parse(await readFile(path.join(entry, MANIFEST), 'utf8')) as StepOutputs;
  } catch {
    return false;
  }
  for (const dir of outputs.dirs) {
    await rm(path.join(root, dir), { recursive: true, force: true });
    await cp(path.join(entry, 'files', dir), path.join(root, dir), { recursive: true });
  }
  for (const file of outputs.files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await cp(path.join(entry, 'files', file), path.join(root, file));
  }
  // The newest entries are the ones kept (pruneStep).
  const now = new Date();
  await utimes(entry, now, now);
  return true;
}

/** Keeps a step's outputs under its key, then drops the step's older entries beyond `keep`. */
export async function saveStep(step: string, key: string, outputs: StepOutputs, { root = '.', keep = 4 } = {}): Promise<void> {
  const stepDir = path.join(root, BUILD_CACHE_DIR, step);
  const entry = path.join(stepDir, key);
  const partial = `${entry}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  const existing = {
    dirs: outputs.dirs.filter((d) => existsSync(path.join(root, d))),
    files: outputs.files.filter((f) => existsSync(path.join(root, f))),
  };
  for (const item of [...existing.dirs, ...existing.files]) {
    await cp(path.join(root, item), path.join(partial, 'files', item), { recursive: true });
  }
  await writeFile(path.join(partial, MANIFEST), JSON.stringify(existing));
  await rm(entry, { recursive: true, force: true });
  await rename(partial, entry);
  await pruneStep(stepDir, keep);
}

async function pruneStep(stepDir: string, keep: number): Promise<void> {
  const entries = await Promise.all(
    (await readdir(stepDir)).map(async (name) => ({ name, mtime: (await stat(path.join(stepDir, name))).mtimeMs })),
  );
  const complete = entries.filter((e) => !e.name.endsWith('.partial')).sort((a, b) => b.mtime - a.mtime);
  // A partial entry an hour old is a killed build's; a younger one may be another build's, still saving.
  const abandoned = entries.filter((e) => e.name.endsWith('.partial') && Date.now() - e.mtime > 3_600_000);
  await Promise.all([...complete.slice(keep), ...abandoned].map((e) => rm(path.join(stepDir, e.name), { recursive: true, force: true })));
}

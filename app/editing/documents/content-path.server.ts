import { lstat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The editor may only touch the designer's files. A path arrives from the
 * browser, so it is checked as text before it is ever joined to a folder:
 *
 * - relative, '/'-separated, under `content/`;
 * - no '.' or '..' segment, no empty segment, no backslash, no NUL;
 * - lowercase only: the content's file names are lowercase slugs, and on a
 *   case-insensitive file system `Content/` or `CONTENT/SITE.YML` would reach the
 *   same file under another name (git would track two);
 * - no segment starting with '.', so `.git` or `.gitattributes` stay out;
 * - a known extension (text the build reads, or an image it processes).
 *
 * Symlinks are refused where the files are: on disk (local mode, every
 * segment is lstat'ed) and in the tree (remote mode, mode 120000).
 */

export const CONTENT_DIR = 'content';

const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;
// What content/ holds today: YAML, MDX, story images, and the Video block's clips.
const EXTENSIONS = new Set(['.yml', '.yaml', '.mdx', '.md', '.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif', '.svg', '.mp4', '.webm']);
const MAX_PATH = 200;

export class ContentPathError extends Error {
  constructor(
    readonly path: string,
    why: string,
  ) {
    super(`"${String(path).slice(0, MAX_PATH)}" cannot be edited: ${why}`);
    this.name = 'ContentPathError';
  }
}

/** Returns the path unchanged when it is a content file's path, else throws ContentPathError. */
export function checkContentPath(input: unknown): string {
  if (typeof input !== 'string') throw new ContentPathError(String(input), 'a path must be text');
  if (input.length === 0 || input.length > MAX_PATH) throw new ContentPathError(input, `a path has 1 to ${MAX_PATH} characters`);
  if (input.includes('\\') || input.includes('\0')) throw new ContentPathError(input, 'only "/" separates folders');
  const segments = input.split('/');
  if (segments[0] !== CONTENT_DIR || segments.length < 2) throw new ContentPathError(input, 'only files under content/ can be edited');
  for (const segment of segments.slice(1)) {
    if (segment === '' || segment === '.' || segment === '..') throw new ContentPathError(input, 'no empty, "." or ".." folder');
    if (!SEGMENT.test(segment)) {
      throw new ContentPathError(input, 'names are lowercase letters, digits, ".", "_" and "-", and do not start with "."');
    }
  }
  const extension = path.posix.extname(input);
  if (!EXTENSIONS.has(extension)) throw new ContentPathError(input, `only ${[...EXTENSIONS].join(', ')} files`);
  return input;
}

/**
 * Refuses a path any of whose existing segments is a symlink under `root`
 * (a missing tail is fine: a new file). The check and the later write are not
 * atomic, but only the developer can make links in their own checkout.
 */
export async function refuseSymlinks(root: string, contentPath: string): Promise<void> {
  let current = root;
  for (const segment of contentPath.split('/')) {
    current = path.join(current, segment);
    const stat = await lstat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!stat) return;
    if (stat.isSymbolicLink()) throw new ContentPathError(contentPath, `${path.relative(root, current)} is a symbolic link`);
  }
}

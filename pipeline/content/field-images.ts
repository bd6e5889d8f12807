import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { RASTER_EXTENSIONS, sourceInfo } from '../images';
import { ContentError } from './errors';

/**
 * The file behind an image field (`photos.profile.src` in site.yml, a case
 * study's card `image`): either beside the content, relative to the file
 * that names it (`./images/me.jpg`, `./my-project/card.png`), or a file under
 * public/ (`/images/me.svg`), as sites made before uploads name them. Its
 * pixel size is read from the file (after EXIF orientation): a typed size is
 * never needed and never trusted.
 */

export type FieldImageRoots = {
  /** Directory of the file that names the image (relative paths start here). */
  dir: string;
  /** Relative paths must stay inside content/. */
  contentDir: string;
  publicDir: string;
};

export type FieldImage = { file: string; width: number; height: number };

const IMAGE_FORMATS = [...RASTER_EXTENSIONS, '.svg'];

/** Where `written` points, or the sentence that says why it cannot be used. */
export function locateFieldImage(written: string, roots: FieldImageRoots): { file: string; shown: string } | { problem: string } {
  const fromPublic = written.startsWith('/');
  const root = fromPublic ? roots.publicDir : roots.contentDir;
  const file = fromPublic ? path.join(roots.publicDir, written) : path.resolve(roots.dir, written);
  const shown = fromPublic ? `public${written}` : `content/${path.relative(roots.contentDir, file).split(path.sep).join('/')}`;
  if (!file.startsWith(root + path.sep)) return { problem: `"${written}" points outside ${fromPublic ? 'public/' : 'content/'}` };
  return { file, shown };
}

async function isFile(file: string) {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/** The image file and its pixel size; a ContentError naming `label` and `field` when it cannot be used. */
export async function resolveFieldImage(written: string, roots: FieldImageRoots, label: string, field: string): Promise<FieldImage> {
  const fail = (message: string) => new ContentError(label, [`field "${field}": ${message}`]);
  const found = locateFieldImage(written, roots);
  if ('problem' in found) throw fail(found.problem);
  const extension = path.extname(found.file).toLowerCase();
  if (!IMAGE_FORMATS.includes(extension)) throw fail(`"${written}" is not an image the site can show (${extension || 'no extension'}); use PNG, JPEG, WebP, AVIF or SVG`);
  if (!(await isFile(found.file))) throw fail(`no image at ${found.shown}`);
  if (extension === '.svg' && /<script\b|\son[a-z]+\s*=|<foreignObject\b/i.test(await readFile(found.file, 'utf8'))) {
    throw fail(`the SVG ${found.shown} has scripts or event handlers and can't be served; export it without them`);
  }
  try {
    const { width, height } = await sourceInfo(found.file);
    return { file: found.file, width, height };
  } catch {
    throw fail(`the image ${found.shown} can't be read; export it again`);
  }
}

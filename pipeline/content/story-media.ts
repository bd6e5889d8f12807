import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_TYPES } from '../../app/components/mdx/blocks';
import type { StoryImage, StoryMedia } from '../../app/components/mdx/media';
import { RASTER_EXTENSIONS, type ImagePlan } from '../images';
import { decodedImagePath } from './image-paths';

/**
 * Finds the files a story names and plans what the build makes of them. A
 * path is either a file under public/ (`/images/x.png`) or relative to the
 * MDX file (`./office-depot/x.png`), so a case study's images can live
 * beside it. Each problem is reported in words the writer can act on.
 */

export type MediaRoots = {
  /** The MDX file's directory (relative paths start here). */
  dir: string;
  /** Relative paths must stay inside this directory (content/). */
  contentDir: string;
  publicDir: string;
  plan: ImagePlan;
};

const IMAGE_FORMATS = [...RASTER_EXTENSIONS, '.svg'];

/** The file a story path names, or a problem. */
function locate(written: string, roots: MediaRoots): { file: string; shown: string } | { problem: string } {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(written)) {
    return { problem: `"${written}" is on another site: put the file in the case study's folder and link it as ./file.png, so the build can check and optimise it` };
  }
  if (/[?#]/.test(written)) return { problem: `"${written}": write the file's path without ? or #` };
  const [root, file] = written.startsWith('/')
    ? [roots.publicDir, path.join(roots.publicDir, written)]
    : [roots.contentDir, path.resolve(roots.dir, written)];
  if (!file.startsWith(root + path.sep)) return { problem: `"${written}" points outside ${written.startsWith('/') ? 'public/' : 'content/'}` };
  return { file, shown: path.relative(path.dirname(roots.contentDir), file).split(path.sep).join('/') };
}

async function isFile(file: string) {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/**
 * The file as written or, when that is not there, with its %-escapes decoded
 * (`./trip/Trip%20Planner.png` names "Trip Planner.png", as in a browser).
 */
async function locateExisting(written: string, roots: MediaRoots): Promise<ReturnType<typeof locate> & { exists?: boolean }> {
  const found = locate(written, roots);
  if ('problem' in found || (await isFile(found.file))) return { ...found, exists: true };
  const decoded = decodedImagePath(written);
  const alternative = decoded === undefined ? undefined : locate(decoded, roots);
  if (alternative && 'file' in alternative && (await isFile(alternative.file))) return { ...alternative, exists: true };
  return { ...found, exists: false };
}

export async function resolveStoryImage(
  written: string,
  roots: MediaRoots,
  media: StoryMedia,
  report: (message: string) => void,
): Promise<StoryImage | null> {
  const known = media.get(written);
  if (known?.kind === 'image') return known;
  const found = await locateExisting(written, roots);
  if ('problem' in found) return report(found.problem), null;
  const extension = path.extname(found.file).toLowerCase();
  if (!IMAGE_FORMATS.includes(extension)) {
    report(`image "${written}": unsupported format "${extension || 'none'}"; use PNG, JPEG, WebP, AVIF or SVG${extension === '.gif' ? ' (for an animation, the <Video> block)' : ''}`);
    return null;
  }
  if (!found.exists) return report(`image "${written}" not found (looked for ${found.shown})`), null;
  if (extension === '.svg' && /<script\b|\son[a-z]+\s*=|<foreignObject\b/i.test(await readFile(found.file, 'utf8'))) {
    report(`image "${written}": an SVG with scripts or event handlers can't be served; export it without them`);
    return null;
  }
  try {
    const image: StoryImage = { kind: 'image', ...(await roots.plan.story(found.file)) };
    media.set(written, image);
    return image;
  } catch (error) {
    report(`image "${written}" can't be read: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
    return null;
  }
}

export async function resolveStoryVideo(written: string, roots: MediaRoots, media: StoryMedia, report: (message: string) => void) {
  if (media.get(written)?.kind === 'video') return;
  const found = await locateExisting(written, roots);
  if ('problem' in found) return report(found.problem);
  const type = VIDEO_TYPES[path.extname(found.file).toLowerCase()];
  if (!type) return report(`video "${written}": use an MP4 or WebM file`);
  if (!found.exists) return report(`video "${written}" not found (looked for ${found.shown})`);
  media.set(written, { kind: 'video', src: await roots.plan.copy(found.file), type });
}

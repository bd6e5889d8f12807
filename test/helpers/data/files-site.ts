import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * A small designer's site of the tests' own (test/fixtures/files-site/: a
 * site, a resume and one published case study, "trip-planner", whose story
 * names an exported file with spaces in its name), copied into a scratch
 * folder laid out as a checkout (content/ and public/). The PNG is drawn
 * here, so the fixture holds no binary.
 */
export const FILES_SITE = path.resolve(import.meta.dirname, '../../fixtures/files-site');
export const TRIP_PLANNER = 'content/case-studies/trip-planner.mdx';
export const WIREFRAMES = 'content/case-studies/trip-planner/Trip Planner Wireframes.png';

export async function writeFilesSite(root: string): Promise<void> {
  await cp(path.join(FILES_SITE, 'content'), path.join(root, 'content'), { recursive: true });
  await cp(path.join(FILES_SITE, 'public'), path.join(root, 'public'), { recursive: true });
  await mkdir(path.dirname(path.join(root, WIREFRAMES)), { recursive: true });
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await writeFile(path.join(root, WIREFRAMES), png);
}

export type FilesSite = {
  root: string;
  contentDir: string;
  publicDir: string;
  read: (file: string) => Promise<string>;
  /** Replaces `from` in a file of the copy; fails when it is not there, so no test checks nothing. */
  edit: (file: string, from: string | RegExp, to: string) => Promise<void>;
  dispose: () => Promise<void>;
};

export async function copyFilesSite(): Promise<FilesSite> {
  const root = await mkdtemp(path.join(tmpdir(), 'files-site-'));
  await writeFilesSite(root);
  const read = (file: string) => readFile(path.join(root, file), 'utf8');
  return {
    root,
    contentDir: path.join(root, 'content'),
    publicDir: path.join(root, 'public'),
    read,
    async edit(file, from, to) {
      const text = await read(file);
      const changed = text.replace(from, to);
      if (changed === text) throw new Error(`test fixture: ${String(from)} not found in ${file}`);
      await writeFile(path.join(root, file), changed);
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

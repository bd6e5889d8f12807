import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUpload } from '~/editing/uploads/check.server';
import { compileSite } from '../../pipeline/content/compile';
import { copyContent, ROOT, type ContentCopy } from '../helpers/data/content';

/**
 * What checkUpload accepts, the build takes: an image of each accepted type
 * is checked, stored where checkUpload says, written into Office Depot's
 * story with the `src` it returned, and the site compiles with each one
 * planned by the image pipeline.
 */

let copy: ContentCopy;
let privateDir: string;
beforeAll(async () => {
  copy = await copyContent();
  privateDir = await mkdtemp(path.join(tmpdir(), 'portfolio-private-'));
});
afterAll(async () => {
  await copy?.dispose();
  if (privateDir) await rm(privateDir, { recursive: true, force: true });
});

const image = (color: string) => sharp({ create: { width: 320, height: 200, channels: 3, background: color } });

describe('an uploaded image goes through the build', () => {
  it('JPEG (with EXIF), PNG, WebP, AVIF, a still GIF and an SVG with a DOCTYPE all compile into the story', async () => {
    const uploads: [string, Buffer][] = [
      [
        'Shop Floor.jpg',
        await image('#b45309')
          .jpeg()
          .withExif({ IFD0: { Make: 'Camera' } })
          .withMetadata({ orientation: 6 })
          .toBuffer(),
      ],
      ['screen.png', await image('#4f46e5').png().toBuffer()],
      ['screen.webp', await image('#059669').webp().toBuffer()],
      ['screen.avif', await image('#dc2626').avif().toBuffer()],
      ['still.gif', await image('#0ea5e9').gif().toBuffer()],
      [
        'diagram.svg',
        Buffer.from(
          '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="320" height="200"><rect width="320" height="200" fill="#eef2ff"/></svg>\n',
        ),
      ],
    ];
    const lines: string[] = [];
    const stored: string[] = [];
    for (const [fileName, bytes] of uploads) {
      const alt = `Uploaded ${fileName}`;
      const result = await checkUpload({ fileName, bytes, alt, documentPath: 'content/case-studies/office-depot.mdx' });
      expect(result, fileName).toMatchObject({ ok: true });
      if (!result.ok) return;
      const file = path.join(copy.root, result.path);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, result.bytes);
      stored.push(file);
      lines.push(`![${result.alt}](${result.src})`);
    }
    await copy.edit('case-studies/office-depot.mdx', '## Impact & Outcomes', `${lines.join('\n\n')}\n\n## Impact & Outcomes`);

    const { content, images } = await compileSite(copy.dir, path.join(ROOT, 'public'), privateDir);
    const page = JSON.stringify(content);
    for (const [fileName] of uploads) expect(page, fileName).toContain(`Uploaded ${fileName}`);
    // Each upload is planned by the pipeline: AVIF and WebP variants of a raster, a copy of the SVG.
    const sources = new Set([...images.outputs.values()].map((output) => output.source));
    for (const file of stored) expect(sources.has(file), path.basename(file)).toBe(true);
  });
});

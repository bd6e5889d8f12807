import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Site } from '../app/content/schema';
import { fileColours, type FileColours } from '../app/look/file-colours';

/**
 * The favicon set, drawn from the site's initials: PNG favicons, a
 * favicon.ico for tools that ask for it, and the apple-touch icon. The tile
 * is her accent (indigo in the original look), which reads on light and dark
 * tab strips alike.
 */
function monogramSvg(initials: string, { rounded, colours }: { rounded: boolean; colours: FileColours }) {
  const { accent: background, onAccent: foreground } = colours;
  const radius = rounded ? 14 : 0;
  const fontSize = initials.length > 2 ? 22 : 28;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <rect width="64" height="64" rx="${radius}" fill="${background}"/>
  <text x="32" y="33" text-anchor="middle" dominant-baseline="central" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-weight="700" font-size="${fontSize}" letter-spacing="-0.5" fill="${foreground}">${initials}</text>
</svg>`;
}

/** A .ico file holding one PNG image (supported by every browser since Windows Vista-era ICO readers). */
export function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width (0 means 256)
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(header.length, 18); // image offset
  return Buffer.concat([header, png]);
}

/** Sizes of the PNG favicons: 32 px for tabs, 96 px for high-density screens and search results (a multiple of 48). */
export const FAVICON_SIZES = [32, 96] as const;

/**
 * Raster favicons only. An SVG favicon is drawn by the page's own renderer,
 * on its main thread: its text alone cost about 20 ms right after the first
 * paint. PNG and ICO favicons are decoded by the browser, off the page.
 */
export async function writeIcons(site: Site, publicDir: string) {
  await mkdir(publicDir, { recursive: true });
  const rounded = Buffer.from(monogramSvg(site.initials, { rounded: true, colours: fileColours(site.look) }));
  for (const size of FAVICON_SIZES) {
    await sharp(rounded, { density: 300 })
      .resize(size, size)
      .png()
      .toFile(path.join(publicDir, `favicon-${size}x${size}.png`));
  }
  const ico = await sharp(rounded, { density: 300 }).resize(32, 32).png().toBuffer();
  await writeFile(path.join(publicDir, 'favicon.ico'), icoFromPng(ico, 32));
  // iOS rounds the corners itself, so the touch icon is square.
  await sharp(Buffer.from(monogramSvg(site.initials, { rounded: false, colours: fileColours(site.look) })), { density: 300 })
    .resize(180, 180)
    .png()
    .toFile(path.join(publicDir, 'apple-touch-icon.png'));
}

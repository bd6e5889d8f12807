import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Site } from '../app/utils/content/schema';

/**
 * The favicon set, drawn from the site's initials: an SVG favicon (which also
 * follows dark mode), PNG fallbacks and the apple-touch icon.
 */
function monogramSvg(initials: string, { rounded, dark }: { rounded: boolean; dark: boolean }) {
  const background = dark ? '#a5b4fc' : '#4f46e5';
  const foreground = dark ? '#09090b' : '#ffffff';
  const radius = rounded ? 14 : 0;
  const fontSize = initials.length > 2 ? 22 : 28;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <rect width="64" height="64" rx="${radius}" fill="${background}"/>
  <text x="32" y="33" text-anchor="middle" dominant-baseline="central" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-weight="700" font-size="${fontSize}" letter-spacing="-0.5" fill="${foreground}">${initials}</text>
</svg>`;
}

export async function writeIcons(site: Site, publicDir: string) {
  await mkdir(publicDir, { recursive: true });
  const light = monogramSvg(site.initials, { rounded: true, dark: false });
  // One SVG that swaps colours with the browser's colour scheme.
  const adaptive = light.replace(
    '<rect',
    `<style>@media (prefers-color-scheme: dark){rect{fill:#a5b4fc}text{fill:#09090b}}</style>\n  <rect`,
  );
  await writeFile(path.join(publicDir, 'favicon.svg'), adaptive);
  await sharp(Buffer.from(light)).resize(32, 32).png().toFile(path.join(publicDir, 'favicon-32x32.png'));
  // iOS rounds the corners itself, so the touch icon is square.
  await sharp(Buffer.from(monogramSvg(site.initials, { rounded: false, dark: false })), { density: 300 })
    .resize(180, 180)
    .png()
    .toFile(path.join(publicDir, 'apple-touch-icon.png'));
}

import { createHash } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { CompiledContent, ImageSources } from '../app/utils/content/schema';

/**
 * Responsive images: AVIF and WebP variants of every content image, made by
 * sharp at build into public/generated/images/. Each file name carries a hash
 * of the source file and the encoder settings, so the files are served as
 * immutable (scripts/serve.ts, netlify.toml).
 *
 * compileContent() plans the variants (imageSources: names and `srcset`, into
 * the compiled content, without writing anything); writeImageVariants() makes
 * the files the compiled content names that do not exist yet, so a dev rebuild
 * with unchanged images costs nothing.
 */

export const GENERATED_IMAGES_DIR = 'generated/images';

/**
 * Widths made for each use: the displayed CSS width (see each component's
 * `sizes`) at 1×–3× density. A raster source is never upscaled (widths above
 * its own are replaced by its own); an SVG rasterises crisply at any width.
 */
export const IMAGE_WIDTHS = {
  /** 16:10 cards: ~347 px wide in the 3-column grid, up to ~980 device px on phones. */
  card: [400, 800, 1200],
  /** The case study's full-width 16:10 image: up to 1088 CSS px. */
  hero: [400, 800, 1200, 1600, 2000],
  /** Portrait card (274 CSS px) and the contact avatar (80 CSS px). */
  profile: [160, 320, 480, 640],
  /** About photo: up to 427 CSS px (384 px on phones). */
  about: [320, 640, 960],
} satisfies Record<string, number[]>;

const ENCODERS = {
  // effort 2: within 2% of effort 4's size, three times faster.
  avif: { quality: 55, effort: 2 },
  webp: { quality: 80, effort: 4, smartSubsample: true },
} as const;
/** Bump to regenerate every variant after a change to how they are made. */
const PIPELINE_VERSION = 1;

type Format = keyof typeof ENCODERS;
const FORMATS = Object.keys(ENCODERS) as Format[];

/** Size after EXIF orientation, and whether the file is vector (SVG). */
async function sourceInfo(file: string) {
  const meta = await sharp(file).metadata();
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new Error(`${file}: no image size`);
  return { width, height, vector: meta.format === 'svg', density: meta.density ?? 72 };
}

/** The widths to make for a source: the wanted ones, never above a raster's own width. */
function widthsFor(wanted: readonly number[], source: { width: number; vector: boolean }): number[] {
  if (source.vector) return [...wanted];
  const kept = wanted.filter((w) => w <= source.width);
  if (kept.length < wanted.length) kept.push(source.width);
  return kept;
}

/**
 * Plans the variants of one image under public/ (e.g. "/images/photo.jpg"):
 * the `srcset` of each format. Reads the file but writes nothing.
 */
export async function planImageSources(publicDir: string, src: string, wanted: readonly number[]): Promise<ImageSources> {
  const file = path.join(publicDir, src);
  const [bytes, source] = await Promise.all([readFile(file), sourceInfo(file)]);
  const hash = createHash('sha256')
    .update(bytes)
    .update(JSON.stringify({ ENCODERS, PIPELINE_VERSION }))
    .digest('hex')
    .slice(0, 10);
  const stem = path.basename(src, path.extname(src)).replace(/[^\w-]/g, '-');
  const srcset = (format: Format) =>
    widthsFor(wanted, source)
      .map((width) => `/${GENERATED_IMAGES_DIR}/${stem}-${width}.${hash}.${format} ${width}w`)
      .join(', ');
  return { avif: srcset('avif'), webp: srcset('webp') };
}

type Variant = { url: string; width: number; format: Format; src: string };

/** Every variant the compiled content refers to, once each. */
function variantsOf(content: CompiledContent): Variant[] {
  const images = [
    ...Object.values(content.site.photos),
    ...[...content.cards, ...Object.values(content.caseStudies)].map((c) => ({ src: c.image, sources: c.imageSources })),
  ];
  const variants = new Map<string, Variant>();
  for (const { src, sources } of images) {
    for (const format of FORMATS) {
      for (const candidate of sources[format].split(',')) {
        const [url, descriptor] = candidate.trim().split(/\s+/);
        variants.set(url, { url, width: Number.parseInt(descriptor, 10), format, src });
      }
    }
  }
  return [...variants.values()];
}

async function exists(file: string) {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Rasterises the source once at `width`, then encodes each wanted format from those pixels. */
async function render(publicDir: string, src: string, width: number, outputs: { format: Format; out: string }[]) {
  const file = path.join(publicDir, src);
  const source = await sourceInfo(file);
  // SVG: rasterised at the density that gives the target width, not scaled up from 72 dpi.
  const image = source.vector
    ? sharp(file, { density: Math.min(100_000, (source.density * width) / source.width) })
    : sharp(file).autoOrient();
  const { data, info } = await image
    .resize({ width, withoutEnlargement: !source.vector })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  let bytes = 0;
  for (const { format, out } of outputs) {
    const pixels = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const buffer = format === 'avif' ? await pixels.avif(ENCODERS.avif).toBuffer() : await pixels.webp(ENCODERS.webp).toBuffer();
    // Written aside and renamed, so a running server never serves half a file.
    const partial = `${out}.${process.pid}.partial`;
    await writeFile(partial, buffer);
    await rename(partial, out);
    bytes += buffer.byteLength;
  }
  return bytes;
}

/**
 * Makes the variants that `content` names and public/generated/images/ lacks,
 * and removes the ones it no longer names (old hashes).
 */
export async function writeImageVariants(content: CompiledContent, publicDir: string) {
  const started = performance.now();
  const dir = path.join(publicDir, GENERATED_IMAGES_DIR);
  await mkdir(dir, { recursive: true });
  const variants = variantsOf(content);
  // Missing files, grouped by source and width: one rasterisation serves every format.
  const jobs = new Map<string, { src: string; width: number; outputs: { format: Format; out: string }[] }>();
  let missing = 0;
  for (const variant of variants) {
    const out = path.join(publicDir, variant.url);
    if (await exists(out)) continue;
    missing++;
    const key = `${variant.src} ${variant.width}`;
    const job = jobs.get(key) ?? { src: variant.src, width: variant.width, outputs: [] };
    job.outputs.push({ format: variant.format, out });
    jobs.set(key, job);
  }
  // sharp spreads each image over its own threads; a few at a time keeps memory low.
  let bytes = 0;
  const queue = [...jobs.values()];
  for (let i = 0; i < queue.length; i += 3) {
    const sizes = await Promise.all(queue.slice(i, i + 3).map((job) => render(publicDir, job.src, job.width, job.outputs)));
    bytes += sizes.reduce((a, b) => a + b, 0);
  }
  const wanted = new Set(variants.map((v) => path.basename(v.url)));
  const stale = (await readdir(dir)).filter((name) => !wanted.has(name));
  await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
  if (missing > 0) {
    const ms = Math.round(performance.now() - started);
    console.log(`Images: ${missing} of ${variants.length} variants made (${Math.round(bytes / 1024)} KB, ${ms} ms)`);
  }
}

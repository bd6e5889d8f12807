import { createHash } from 'node:crypto';
import { access, copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageSources } from '../app/content/schema';

/**
 * Responsive images: AVIF and WebP variants of every content image, made by
 * sharp at build into public/generated/images/. Each file name carries a hash
 * of the source file and the encoder settings, so the files are served as
 * immutable (scripts/serve.ts, netlify.toml).
 *
 * Compiling the content plans the files (an ImagePlan: names, sizes and
 * `srcset` values, without writing anything); writeImageVariants() then makes
 * the planned files that do not exist yet, so a rebuild with unchanged images
 * costs nothing, and removes the ones no longer planned.
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
  /**
   * Images in a case study's story: from a gallery tile on a phone (~160 CSS
   * px) to a full-bleed figure on a wide screen; `sizes` picks per placement.
   * The largest one is also what the zoom view shows.
   */
  story: [480, 800, 1200, 1600, 2400],
} satisfies Record<string, number[]>;

/** The story's `<img src>` fallback: the largest variant up to this width. */
const FALLBACK_WIDTH = 800;

const ENCODERS = {
  // effort 2: within 2% of effort 4's size, three times faster.
  avif: { quality: 55, effort: 2 },
  webp: { quality: 80, effort: 4, smartSubsample: true },
} as const;
/** Bump to regenerate every variant after a change to how they are made. */
const PIPELINE_VERSION = 1;

export type Format = keyof typeof ENCODERS;

/** Raster formats the pipeline reads, by file extension. */
export const RASTER_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.avif'];

/** Size after EXIF orientation, and whether the file is vector (SVG). */
export async function sourceInfo(file: string) {
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

function hashOf(bytes: Buffer, salt = ''): string {
  return createHash('sha256').update(bytes).update(salt).digest('hex').slice(0, 10);
}

/** A file-name-safe stem: "Final Home.png" → "Final-Home". */
function stemOf(file: string): string {
  return path.basename(file, path.extname(file)).replace(/[^\w-]/g, '-');
}

type Output = { kind: 'variant'; source: string; width: number; format: Format } | { kind: 'copy'; source: string };

/** Where planned files go, and the URL they are served under. */
export type ImageTarget = { dir: string; url: string };

/** A story image as planned: the variants, and the files a page links to. */
export type PlannedStoryImage = {
  width: number;
  height: number;
  /** The `<img src>`: a mid-size WebP, or the SVG itself. */
  src: string;
  /** The largest file, for the zoom view and the no-JavaScript link. */
  full: string;
  /** Absent for SVG, which is served as it is. */
  sources?: ImageSources;
};

/**
 * The files a build needs, keyed by their path on disk. Planning reads the
 * sources (to hash and measure them) but writes nothing.
 */
export class ImagePlan {
  readonly outputs = new Map<string, Output>();
  readonly target: ImageTarget;

  constructor(publicDir: string, target?: ImageTarget) {
    this.target = target ?? { dir: path.join(publicDir, GENERATED_IMAGES_DIR), url: `/${GENERATED_IMAGES_DIR}` };
  }

  /** `srcset` values of AVIF and WebP variants of `file` at the wanted widths. */
  async responsive(file: string, wanted: readonly number[]): Promise<ImageSources> {
    return (await this.variants(file, wanted)).sources;
  }

  private async variants(file: string, wanted: readonly number[]) {
    const [bytes, source] = await Promise.all([readFile(file), sourceInfo(file)]);
    const hash = hashOf(bytes, JSON.stringify({ ENCODERS, PIPELINE_VERSION }));
    const widths = widthsFor(wanted, source);
    const urlOf = (width: number, format: Format) => {
      const name = `${stemOf(file)}-${width}.${hash}.${format}`;
      this.outputs.set(path.join(this.target.dir, name), { kind: 'variant', source: file, width, format });
      return `${this.target.url}/${name}`;
    };
    const srcset = (format: Format) => widths.map((width) => `${urlOf(width, format)} ${width}w`).join(', ');
    const sources = { avif: srcset('avif'), webp: srcset('webp') };
    return { sources, widths, source, urlOf };
  }

  /** A verbatim copy of `file` under a content-hashed name (SVG, video). */
  async copy(file: string): Promise<string> {
    const name = `${stemOf(file)}.${hashOf(await readFile(file))}${path.extname(file).toLowerCase()}`;
    this.outputs.set(path.join(this.target.dir, name), { kind: 'copy', source: file });
    return `${this.target.url}/${name}`;
  }

  /** The source file behind a URL this plan made (a copy or a variant), e.g. for the sharing cards, which draw from the original. */
  sourceOf(url: string): string | undefined {
    if (!url.startsWith(`${this.target.url}/`)) return undefined;
    return this.outputs.get(path.join(this.target.dir, url.slice(this.target.url.length + 1)))?.source;
  }

  /** A story image: SVG stays SVG; a raster gets AVIF and WebP variants at the story widths. */
  async story(file: string): Promise<PlannedStoryImage> {
    const info = await sourceInfo(file);
    if (info.vector) {
      const url = await this.copy(file);
      return { width: info.width, height: info.height, src: url, full: url };
    }
    const { sources, widths, urlOf } = await this.variants(file, IMAGE_WIDTHS.story);
    const [smallest] = widths;
    const largest = widths.at(-1);
    if (smallest === undefined || largest === undefined) throw new Error(`${file}: no image widths to make`);
    const fallback = [...widths].reverse().find((w) => w <= FALLBACK_WIDTH) ?? smallest;
    return { width: info.width, height: info.height, sources, src: urlOf(fallback, 'webp'), full: urlOf(largest, 'webp') };
  }
}

async function exists(file: string) {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Written aside and renamed, so a running server never serves half a file. */
async function writeAtomically(out: string, write: (partial: string) => Promise<unknown>) {
  const partial = `${out}.${process.pid}.partial`;
  await write(partial);
  await rename(partial, out);
}

/** Rasterises the source once at `width`, then encodes each wanted format from those pixels. */
export async function encodeVariants(input: string | Buffer, width: number, formats: readonly Format[]): Promise<Map<Format, Buffer>> {
  const meta = await sharp(input).metadata();
  const vector = meta.format === 'svg';
  const sourceWidth = meta.autoOrient.width;
  // SVG: rasterised at the density that gives the target width, not scaled up from 72 dpi.
  const image = vector
    ? sharp(input, { density: Math.min(100_000, ((meta.density ?? 72) * width) / sourceWidth) })
    : sharp(input).autoOrient();
  const { data, info } = await image
    .resize({ width, withoutEnlargement: !vector })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const encoded = new Map<Format, Buffer>();
  for (const format of formats) {
    const pixels = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    encoded.set(format, format === 'avif' ? await pixels.avif(ENCODERS.avif).toBuffer() : await pixels.webp(ENCODERS.webp).toBuffer());
  }
  return encoded;
}

async function render(file: string, width: number, outputs: { format: Format; out: string }[]) {
  const encoded = await encodeVariants(
    file,
    width,
    outputs.map((output) => output.format),
  );
  let bytes = 0;
  for (const { format, out } of outputs) {
    // Each wanted format was encoded just above.
    const buffer = encoded.get(format)!;
    await writeAtomically(out, (partial) => writeFile(partial, buffer));
    bytes += buffer.byteLength;
  }
  return bytes;
}

/** A variant the plan names, from its file name: `<stem>-<width>.<hash>.<format>`. */
export function variantOf(plan: ImagePlan, file: string): { source: string; width: number; format: Format } | undefined {
  const output = plan.outputs.get(file);
  return output?.kind === 'variant' ? { source: output.source, width: output.width, format: output.format } : undefined;
}

/**
 * Makes the files `plan` names that do not exist yet and, with `prune`,
 * removes the ones in its directory it no longer names (old hashes).
 */
export async function writeImageVariants(plan: ImagePlan, { prune = true } = {}) {
  const started = performance.now();
  await mkdir(plan.target.dir, { recursive: true });
  // Missing files, grouped by source and width: one rasterisation serves every format.
  const jobs = new Map<string, { source: string; width: number; outputs: { format: Format; out: string }[] }>();
  const copies: [string, string][] = [];
  let missing = 0;
  for (const [out, output] of plan.outputs) {
    if (await exists(out)) continue;
    missing++;
    if (output.kind === 'copy') {
      copies.push([output.source, out]);
      continue;
    }
    const key = `${output.source} ${output.width}`;
    const job = jobs.get(key) ?? { source: output.source, width: output.width, outputs: [] };
    job.outputs.push({ format: output.format, out });
    jobs.set(key, job);
  }
  await Promise.all(copies.map(([source, out]) => writeAtomically(out, (partial) => copyFile(source, partial))));
  // sharp spreads each image over its own threads; a few at a time keeps memory low.
  let bytes = 0;
  const queue = [...jobs.values()];
  for (let i = 0; i < queue.length; i += 3) {
    const sizes = await Promise.all(queue.slice(i, i + 3).map((job) => render(job.source, job.width, job.outputs)));
    bytes += sizes.reduce((a, b) => a + b, 0);
  }
  if (prune) {
    const wanted = new Set([...plan.outputs.keys()].map((out) => path.basename(out)));
    const stale = (await readdir(plan.target.dir)).filter((name) => !wanted.has(name));
    await Promise.all(stale.map((name) => rm(path.join(plan.target.dir, name), { force: true })));
  }
  if (missing > 0) {
    const ms = Math.round(performance.now() - started);
    console.log(`Images: ${missing} of ${plan.outputs.size} files made (${Math.round(bytes / 1024)} KB of variants, ${ms} ms)`);
  }
  return missing;
}

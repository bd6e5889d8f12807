import { createHash } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ImagePlan } from './images';
import sharp, { type OverlayOptions } from 'sharp';
import type { CompiledContent, Site } from '../app/content/schema';
import { focalPointOf, type FocalPoint } from '../app/content/focal-point';
import { fileColours, type FileColours } from '../app/look/file-colours';
import {
  caseStudySocialCard,
  pageSocialCard,
  homeSocialCard,
  resumeSocialCard,
  SOCIAL_IMAGE_DIR,
  SOCIAL_IMAGE_HEIGHT as H,
  SOCIAL_IMAGE_WIDTH as W,
  type SocialCard,
} from '../app/seo/social-image';

/**
 * The sharing cards (Open Graph / Twitter images), 1200×630 PNGs drawn from
 * the content at build time: public/social/home.png, resume.png and
 * case-study-<slug>.png for each published case study.
 *
 * Shapes and the site's own illustrations are SVG; the text is set by Pango
 * (sharp's text input), which wraps it with the real font metrics. Inter is
 * used where it is installed, else Liberation Sans / Arial / DejaVu Sans, so
 * the cards look right on a laptop and on Netlify's build image alike.
 */

const FONT = 'Inter,Liberation Sans,Arial,Helvetica,DejaVu Sans';

const PAD = 72;
/** The illustration panel on the right. */
const PANEL = { x: 712, y: 40, width: 448, height: H - 80, radius: 32 };
const COLUMN = PANEL.x - PAD - 56;

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Text = { input: Buffer; width: number; height: number };

/** The picture on a card's panel: its file and the point that stays in frame. */
type Illustration = { file: string; focus: FocalPoint };

/** One block of text, wrapped to `width` and rendered with Pango. */
async function text(
  content: string,
  {
    size,
    weight = 'Regular',
    color,
    width = COLUMN,
    tracking = 0,
    lineHeight = 1.2,
  }: {
    size: number;
    weight?: 'Regular' | 'Bold' | 'Semi-Bold';
    color: string;
    width?: number;
    tracking?: number;
    lineHeight?: number;
  },
): Promise<Text> {
  const markup = `<span foreground="${color}" letter_spacing="${Math.round(tracking * 1024)}" line_height="${lineHeight}">${escapeMarkup(content)}</span>`;
  const { data, info } = await sharp({
    text: { text: markup, font: `${FONT} ${weight} ${size}`, width, dpi: 72, rgba: true, wrap: 'word' },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

/** The title at the largest size that fits in three lines. */
async function title(content: string, ink: string): Promise<Text> {
  for (const size of [64, 58, 52, 46]) {
    const block = await text(content, { size, weight: 'Bold', color: ink, tracking: -1.2, lineHeight: 0.95 });
    if (block.height <= size * 1.15 * 3 + size * 0.3) return block;
  }
  return text(content, { size: 40, weight: 'Bold', color: ink, tracking: -1, lineHeight: 0.95 });
}

function backgroundSvg(initials: string, colours: FileColours) {
  const { accent, accentSoft, onAccent } = colours;
  const { x, y, width, height, radius } = PANEL;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <radialGradient id="glow" cx="0" cy="0" r="1" gradientUnits="userSpaceOnUse" gradientTransform="translate(80 40) scale(760 560)">
      <stop offset="0" stop-color="${accentSoft}"/>
      <stop offset="1" stop-color="#ffffff"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#glow)"/>
  <rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="${accentSoft}"/>
  <rect x="${PAD}" y="${PAD}" width="56" height="56" rx="14" fill="${accent}"/>
  <text x="${PAD + 28}" y="${PAD + 29}" text-anchor="middle" dominant-baseline="central" font-family="${FONT}, sans-serif" font-weight="700" font-size="${initials.length > 2 ? 19 : 24}" letter-spacing="-0.5" fill="${onAccent}">${escapeMarkup(initials)}</text>
  <rect x="0" y="${H - 10}" width="${W}" height="10" fill="${accent}"/>
</svg>`;
}

/**
 * Scales `source` to cover `frame` and cuts the frame out at the focal
 * point, as CSS's object-fit: cover with object-position does: the point
 * x% across the image lands x% across the frame.
 */
export function coverCrop(source: { width: number; height: number }, frame: { width: number; height: number }, focus: FocalPoint) {
  const scale = Math.max(frame.width / source.width, frame.height / source.height);
  const width = Math.max(frame.width, Math.round(source.width * scale));
  const height = Math.max(frame.height, Math.round(source.height * scale));
  return {
    resize: { width, height },
    extract: {
      left: Math.round(((width - frame.width) * focus.x) / 100),
      top: Math.round(((height - frame.height) * focus.y) / 100),
      width: frame.width,
      height: frame.height,
    },
  };
}

/** The illustration, cropped to fill the panel at its focal point, with rounded corners and a hairline border. */
async function panel(illustrationFile: string, focus: FocalPoint): Promise<Buffer> {
  const { width, height, radius } = PANEL;
  const source = sharp(illustrationFile);
  const meta = await source.metadata();
  // Vector art is rasterised at the size it is shown, not scaled up from 72 dpi.
  const scale = meta.format === 'svg' && meta.width && meta.height ? Math.max(width / meta.width, height / meta.height) : 1;
  // The size as shown (EXIF orientation applied); its proportions are all the crop needs.
  const crop = coverCrop(meta.autoOrient, PANEL, focus);
  const image = await sharp(illustrationFile, { density: Math.ceil(72 * scale * 1.5) })
    .autoOrient()
    .resize(crop.resize.width, crop.resize.height, { fit: 'fill' })
    .extract(crop.extract)
    .png()
    .toBuffer();
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" fill="#fff"/></svg>`,
  );
  const border = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="${radius - 1}" fill="none" stroke="#c7d2fe" stroke-width="2"/></svg>`,
  );
  return sharp(image)
    .composite([
      { input: mask, blend: 'dest-in' },
      { input: border, blend: 'over' },
    ])
    .png()
    .toBuffer();
}

async function renderCard(card: SocialCard, site: Site, illustration: Illustration, outFile: string) {
  // Her accent and greys, as on her pages in the light scheme (a card is shown on white).
  const { ink: INK, muted: MUTED, accent: ACCENT, line: LINE } = fileColours(site.look);
  const layers: OverlayOptions[] = [{ input: await panel(illustration.file, illustration.focus), left: PANEL.x, top: PANEL.y }];
  const place = (block: Text, left: number, top: number) => layers.push({ input: block.input, left, top: Math.round(top) });

  // Who: monogram (in the background), name and role.
  const identityX = PAD + 56 + 18;
  const name = await text(site.name, { size: 26, weight: 'Bold', color: INK, width: COLUMN - 74 });
  const role = await text(card.byline, { size: 20, color: MUTED, width: COLUMN - 74 });
  place(name, identityX, PAD - 1);
  place(role, identityX, PAD + 31);

  // What: eyebrow, title and a line of detail, below the identity.
  let y = PAD + 56 + 60;
  const eyebrow = await text(card.eyebrow.toUpperCase(), { size: 18, weight: 'Bold', color: ACCENT, tracking: 2.4 });
  place(eyebrow, PAD, y);
  y += eyebrow.height + 14;
  const heading = await title(card.title, INK);
  place(heading, PAD - 2, y);
  y += heading.height + 24;
  if (card.detail) {
    const detail = await text(card.detail, { size: 24, color: MUTED, lineHeight: 1.35 });
    place(detail, PAD, y);
  }

  // Proof: up to two figures along the bottom, each as wide as it needs, split by a hairline.
  const bottom = H - 10 - PAD + 8;
  const GAP = 28;
  let left = PAD;
  for (const [index, stat] of card.stats.slice(0, 2).entries()) {
    const width = PAD + COLUMN - left;
    const value = await text(stat.value, { size: 40, weight: 'Bold', color: ACCENT, width, tracking: -0.8 });
    const label = await text(stat.label, { size: 19, color: MUTED, width });
    const top = bottom - label.height - 14 - value.height;
    if (index > 0) {
      const rule = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="2" height="${bottom - top}"><rect width="2" height="${bottom - top}" fill="${LINE}"/></svg>`,
      );
      layers.push({ input: rule, left: left - GAP, top: Math.round(top) });
    }
    place(value, left - 1, top);
    place(label, left, bottom - label.height);
    left += Math.max(value.width, label.width) + GAP * 2;
  }

  await sharp(Buffer.from(backgroundSvg(site.initials, fileColours(site.look))))
    .composite(layers)
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9, palette: false })
    .toFile(outFile);
}

/** What a card is drawn from, as one hash: the same recipe draws the same card, so a publish can keep the earlier one. */
async function recipeOf(card: SocialCard, site: Site, illustration: Illustration, salt: string): Promise<string> {
  const picture = createHash('sha256')
    .update(await readFile(illustration.file))
    .digest('hex');
  const drawnFrom = { salt, card, name: site.name, initials: site.initials, look: site.look, picture, focus: illustration.focus };
  return createHash('sha256').update(JSON.stringify(drawnFrom)).digest('hex');
}

export type CardReuse = {
  /** Changes whenever the drawing code may have (the deploy's build): a recipe never outlives the code that drew it. */
  salt: string;
  /** Whether a card with this recipe at this site path is already drawn: then it is not drawn again. */
  has: (sitePath: string, recipe: string) => boolean;
};

/**
 * Writes every card into <publicDir>/social/, replacing what an earlier build
 * left there, and returns each card's recipe by site path. The photos and
 * card images are served from generated files: `images` (the build's plan)
 * names their sources, so the cards can be drawn before those files are
 * written; without it they are read where they are served. With `reuse`, a
 * card whose recipe is already drawn is skipped (a publish draws only the
 * cards its change touches: each takes about a second).
 */
export async function writeSocialImages(content: CompiledContent, publicDir: string, images?: ImagePlan, reuse?: CardReuse) {
  const dir = path.join(publicDir, SOCIAL_IMAGE_DIR);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const { site, resume } = content;
  const illustration = (src: string, focus: string | undefined): Illustration => ({
    file: images?.sourceOf(src) ?? path.join(publicDir, src),
    focus: focalPointOf(focus),
  });
  const jobs: [SocialCard, Illustration][] = [
    [homeSocialCard(site), illustration(site.photos.profile.src, site.photos.profile.focus)],
    [resumeSocialCard(site.name, resume, site.about.highlights), illustration(site.photos.about.src, site.photos.about.focus)],
    ...Object.values(content.caseStudies).map((caseStudy): [SocialCard, Illustration] => [
      caseStudySocialCard(caseStudy, site),
      illustration(caseStudy.image, caseStudy.focus),
    ]),
    ...Object.values(content.pages ?? {}).map((page): [SocialCard, Illustration] => [
      pageSocialCard(page, site),
      page.image ? illustration(page.image.src, page.image.focus) : illustration(site.photos.profile.src, site.photos.profile.focus),
    ]),
  ];
  const recipes = new Map<string, string>();
  await Promise.all(
    jobs.map(async ([card, file]) => {
      const recipe = await recipeOf(card, site, file, reuse?.salt ?? '');
      recipes.set(card.path, recipe);
      if (reuse?.has(card.path, recipe)) return;
      await renderCard(card, site, file, path.join(publicDir, card.path));
    }),
  );
  return recipes;
}

import type { DocumentKind } from './kinds';

/**
 * The content fields that hold an image the designer replaces by upload:
 * the site's two photos (a group of src and alt) and a case study's card
 * image (a path, its alt text a field of its own). Shared by the form (the
 * ImageField component) and the upload route. Pixel sizes are never fields
 * here: the build reads them from the file. Each has a focal point (the
 * part that stays in frame wherever the site crops it) and the frames it is
 * cropped to, which the editor shows.
 */

/** Where the site crops an image: the frame's width over its height, and where that is, in the designer's words. */
export type CropFrame = { label: string; aspect: 'square' | 'portrait' | 'card' | 'sharing' };

export type ImageFieldSpec = {
  /** The field's name in the form and the `data-image-field` hook: photos.profile, photos.about, image. */
  name: string;
  kind: DocumentKind;
  /** The input holding the path, and the alt text's own field. */
  srcName: string;
  altName: string;
  /** The focal point's field: two percentages, across then down (app/content/focal-point.ts). */
  focusName: string;
  /** The frames the public site crops it to, as the editor previews them. */
  frames: readonly CropFrame[];
  /** Where uploads for it are stored, and the folder its relative paths start from. */
  folder: (documentPath: string) => string;
  base: (documentPath: string) => string;
};

const SITE_FOLDER = 'content/images/';

/** The sharing images' picture panel (pipeline/social-images.ts): 448 × 550. */
const SHARING: CropFrame = { label: 'Sharing image', aspect: 'sharing' };

const SITE_FRAMES: Record<'profile' | 'about', readonly CropFrame[]> = {
  profile: [
    { label: 'Home page', aspect: 'square' },
    { ...SHARING, label: 'Sharing image (home page)' },
  ],
  about: [
    { label: 'About section', aspect: 'portrait' },
    { ...SHARING, label: 'Sharing image (resume)' },
  ],
};

const site = (key: 'profile' | 'about'): ImageFieldSpec => ({
  name: `photos.${key}`,
  kind: 'site',
  srcName: `photos.${key}.src`,
  altName: `photos.${key}.alt`,
  focusName: `photos.${key}.focus`,
  frames: SITE_FRAMES[key],
  folder: () => SITE_FOLDER,
  base: () => 'content/',
});

export const IMAGE_FIELDS: readonly ImageFieldSpec[] = [
  site('profile'),
  site('about'),
  {
    name: 'image',
    kind: 'case-study',
    srcName: 'image',
    altName: 'alt',
    focusName: 'focus',
    frames: [{ label: 'Cards and page header', aspect: 'card' }, SHARING],
    folder: (documentPath) => documentPath.replace(/\.mdx$/, '/'),
    base: () => 'content/case-studies/',
  },
];

/** Whether a form field is an image's focal point, which its image field shows (a case study's `focus`, beside its card image). */
export function isFocusField(name: string, kind?: DocumentKind): boolean {
  return IMAGE_FIELDS.some((spec) => spec.focusName === name && (kind === undefined || spec.kind === kind));
}

/** The image field a form field is, for the document kind the form edits. */
export function imageFieldOf(name: string, kind?: DocumentKind): ImageFieldSpec | undefined {
  return IMAGE_FIELDS.find((spec) => spec.name === name && (kind === undefined || spec.kind === kind));
}

/**
 * The repository path an image field's value names: `./images/me.jpg` in
 * site.yml → content/images/me.jpg; `./x/card.png` in a case study →
 * content/case-studies/x/card.png; `/images/me.svg` → public/images/me.svg.
 * Null when it climbs out of the repository.
 */
export function imageRepoPath(spec: ImageFieldSpec, src: string, documentPath = ''): string | null {
  if (src.startsWith('/')) return `public${src}`;
  const parts = `${spec.base(documentPath)}${src}`.split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '.' || part === '') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/** How the field names a file stored at `repoPath` (a path relative to the file that names it). */
export function imageSrcFor(spec: ImageFieldSpec, repoPath: string, documentPath = ''): string {
  const base = spec.base(documentPath);
  return repoPath.startsWith(base) ? `./${repoPath.slice(base.length)}` : `/${repoPath.replace(/^public\//, '')}`;
}

import type { DocumentKind } from './kinds';

/**
 * The content fields that hold an image the designer replaces by upload:
 * the site's two photos (a group of src and alt) and a case study's card
 * image (a path, its alt text a field of its own). Shared by the form (the
 * ImageField component) and the upload route. Pixel sizes are never fields
 * here: the build reads them from the file.
 */

export type ImageFieldSpec = {
  /** The field's name in the form and the `data-image-field` hook: photos.profile, photos.about, image. */
  name: string;
  kind: DocumentKind;
  /** The input holding the path, and the alt text's own field. */
  srcName: string;
  altName: string;
  /** Where uploads for it are stored, and the folder its relative paths start from. */
  folder: (documentPath: string) => string;
  base: (documentPath: string) => string;
};

const SITE_FOLDER = 'content/images/';

const site = (key: 'profile' | 'about'): ImageFieldSpec => ({
  name: `photos.${key}`,
  kind: 'site',
  srcName: `photos.${key}.src`,
  altName: `photos.${key}.alt`,
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
    folder: (documentPath) => documentPath.replace(/\.mdx$/, '/'),
    base: () => 'content/case-studies/',
  },
];

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

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { ImageUploadForm } from '~/components/admin/content/ImageUploadForm';
import { IMAGE_ACCEPT, IMAGE_FORMAT_NAMES, NO_SCRIPT_LIMIT, WITH_SCRIPT_LIMIT } from '~/editing/uploads/image-formats';

/** The story's image dialog names the formats the upload form names, SVG included. */

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('image formats', () => {
  it('the words name every accepted type, SVG included', () => {
    expect(IMAGE_FORMAT_NAMES).toBe('JPEG, PNG, WebP, AVIF, GIF or SVG');
    expect(IMAGE_ACCEPT.split(',')).toContain('image/svg+xml');
    // Each named format, and iPhone HEIC/HEIF (by type and by name) for the browsers that open it.
    expect(IMAGE_ACCEPT.split(',')).toHaveLength(IMAGE_FORMAT_NAMES.split(/, | or /).length + 4);
    expect(IMAGE_ACCEPT.split(',')).toEqual(expect.arrayContaining(['image/heic', '.heic', 'image/heif', '.heif']));
  });

  it('the image dialog shows and accepts that list, the same as the upload form', () => {
    const dialog = readFileSync(path.join(ROOT, 'app/components/admin/editor/ImageDialog.tsx'), 'utf8');
    expect(dialog).toContain('{WITH_SCRIPT_LIMIT}.');
    expect(WITH_SCRIPT_LIMIT).toContain(`${IMAGE_FORMAT_NAMES} (and iPhone HEIC photos where your browser opens them), up to 50 MB`);
    expect(dialog).toContain('const ACCEPT = IMAGE_ACCEPT;');
    expect(dialog).not.toMatch(/JPEG, PNG, WebP, AVIF or GIF/);
    const form = renderToString(
      createElement(
        StaticRouter,
        { location: '/admin/content/case-studies/x.mdx' },
        createElement(ImageUploadForm, { documentPath: 'content/case-studies/x.mdx' }),
      ),
    );
    // Without JavaScript the file goes as it is: the form says the smaller limit before a file is picked.
    expect(form).toContain(NO_SCRIPT_LIMIT);
    expect(NO_SCRIPT_LIMIT).toMatch(/^JPEG, PNG, WebP, AVIF, GIF or SVG, up to 4 MB \(with JavaScript on, up to 50 MB/);
    expect(form).toContain(`accept="${IMAGE_ACCEPT}"`);
  });
});

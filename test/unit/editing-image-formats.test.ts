import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { ImageUploadForm } from '~/components/admin/content/ImageUploadForm';
import { IMAGE_ACCEPT, IMAGE_FORMAT_NAMES } from '~/editing/uploads/image-formats';

/** The story's image dialog names the formats the upload form names, SVG included. */

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('image formats', () => {
  it('the words name every accepted type, SVG included', () => {
    expect(IMAGE_FORMAT_NAMES).toBe('JPEG, PNG, WebP, AVIF, GIF or SVG');
    expect(IMAGE_ACCEPT.split(',')).toContain('image/svg+xml');
    expect(IMAGE_ACCEPT.split(',')).toHaveLength(IMAGE_FORMAT_NAMES.split(/, | or /).length);
  });

  it('the image dialog shows and accepts that list, the same as the upload form', () => {
    const dialog = readFileSync(path.join(ROOT, 'app/components/admin/editor/ImageDialog.tsx'), 'utf8');
    expect(dialog).toContain('{IMAGE_FORMAT_NAMES}, up to 10 MB.');
    expect(dialog).toContain('const ACCEPT = IMAGE_ACCEPT;');
    expect(dialog).not.toMatch(/JPEG, PNG, WebP, AVIF or GIF/);
    const form = renderToString(
      createElement(
        StaticRouter,
        { location: '/admin/content/case-studies/x.mdx' },
        createElement(ImageUploadForm, { documentPath: 'content/case-studies/x.mdx' }),
      ),
    );
    expect(form).toContain(IMAGE_FORMAT_NAMES);
    expect(form).toContain(`accept="${IMAGE_ACCEPT}"`);
  });
});

import { existsSync, globSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { WEB_FONTS, type WebFontId } from '~/look/typefaces';
import { chainOf, STATIC_FONT_PACKAGES, webFontFiles } from '../../pipeline/pdf-fonts/faces';
import { ROOT } from '../helpers/data/content';

/**
 * The resume PDF's copies of her typefaces: each web font of the pairings
 * has a static Fontsource package (the PDF cannot embed the site's variable
 * woff2 files), installed, with a regular and a bold .woff for Latin; and
 * the content-check function, which draws the PDF at publish, ships exactly
 * the files the PDF reads, Latin only.
 */

const require = createRequire(import.meta.url);
const FONT_IDS = Object.keys(WEB_FONTS) as WebFontId[];

/** The files content-check's included_files match, as Netlify's globbing reads them. */
function shippedWithContentCheck(): Set<string> {
  const toml = parseToml(readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8')) as {
    functions: Record<string, { included_files?: string[] }>;
  };
  const patterns = toml.functions['content-check']?.included_files ?? [];
  return new Set(patterns.flatMap((pattern) => globSync(pattern, { cwd: ROOT })));
}

describe('the PDF’s copies of her typefaces', () => {
  it('has, for every web font of the pairings, a static package that resolves with a 400 and a 700 .woff for Latin', () => {
    expect(Object.keys(STATIC_FONT_PACKAGES).sort()).toEqual([...FONT_IDS].sort());
    for (const font of FONT_IDS) {
      const pkg = STATIC_FONT_PACKAGES[font];
      expect(require.resolve(`${pkg.name}/package.json`), font).toBeTruthy();
      for (const weight of ['regular', 'bold'] as const) {
        const files = webFontFiles(font, weight);
        const number = weight === 'bold' ? pkg.bold : pkg.regular;
        const latin = files.find((face) => face.file.endsWith(`-latin-${number}-normal.woff`));
        expect(latin, `${font} ${weight}: ${files.map((face) => face.file).join(', ')}`).toBeDefined();
        expect(latin?.ranges.some(([from, to]) => from <= 0x41 && 0x41 <= to)).toBe(true);
        for (const face of files) expect(existsSync(face.file), face.file).toBe(true);
        // Latin and Latin Extended only: Noto draws Cyrillic, Greek, Vietnamese and the rest.
        expect(
          files.every((face) => /-latin(-ext)?-\d+-normal\.woff$/.test(face.file)),
          font,
        ).toBe(true);
      }
      // Nearest to the weights the rest of the PDF is drawn in.
      expect(Math.abs(pkg.regular - 400)).toBeLessThanOrEqual(100);
      expect(Math.abs(pkg.bold - 700)).toBeLessThanOrEqual(100);
    }
  });

  it('puts her web font first in the chain and Noto after it, and the system faces are Noto alone', () => {
    const fraunces = chainOf({ weight: 'bold', font: 'fraunces' }).map((face) => path.basename(face.file));
    expect(fraunces[0]).toMatch(/^fraunces-latin/);
    expect(fraunces).toContain('noto-sans-arabic-arabic-700-normal.woff');
    expect(chainOf({ weight: 'bold' }).map((face) => path.basename(face.file))).toEqual(
      fraunces.filter((file) => file.startsWith('noto-sans')),
    );
  });

  it('ships with content-check every file of her typefaces the PDF reads, Latin only, under 1.5 MB in all', () => {
    const shipped = shippedWithContentCheck();
    let bytes = 0;
    const needed = new Set<string>();
    for (const font of FONT_IDS) {
      const pkg = STATIC_FONT_PACKAGES[font];
      for (const weight of ['regular', 'bold'] as const) {
        const css = path.relative(ROOT, require.resolve(`${pkg.name}/${weight === 'bold' ? pkg.bold : pkg.regular}.css`));
        needed.add(css);
        for (const face of webFontFiles(font, weight)) needed.add(path.relative(ROOT, face.file));
      }
    }
    for (const file of needed) {
      expect(shipped.has(file), file).toBe(true);
      bytes += statSync(path.join(ROOT, file)).size;
    }
    const ofTheseFamilies = [...shipped].filter((file) =>
      FONT_IDS.some((font) => file.startsWith(`node_modules/${STATIC_FONT_PACKAGES[font].name}/`)),
    );
    expect(ofTheseFamilies.sort()).toEqual([...needed].sort());
    // Latin and Latin Extended in two weights of thirteen families: about 1.1 MB, a small part of the Noto files.
    expect(bytes).toBeLessThan(1.5 * 1024 * 1024);
  });
});

import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildContent } from '../../pipeline/build-content';
import { ANY_SCRIPT_NAME, copyAnyScriptContent } from '../helpers/data/any-script';
import { ROOT } from '../helpers/data/content';
import { gotoReady } from '../helpers/site/e2e';
import { startServer } from '../helpers/start/server';
import { useBrowser } from '../helpers/suite/browser-suite';
import { useStarted } from '../helpers/suite/use-started';

/**
 * The pages of a designer who writes in Arabic, Hebrew, Cyrillic, Greek and
 * Chinese (test/fixtures/any-script), in Chromium: every character drawn
 * with a real glyph, right-to-left text laid out right to left, and the PDF
 * saved under her name. Her content is built into its own folder and served
 * by the built server (CONTENT_JSON_PATH), as the fixture site is.
 */

const OUT = '.generated/any-script';

const server = useStarted(
  async () => {
    const copy = await copyAnyScriptContent();
    try {
      await buildContent(copy.dir, { prune: false, out: path.join(ROOT, OUT) });
    } finally {
      await copy.dispose();
    }
    return startServer({ CONTENT_JSON_PATH: `${OUT}/content.json` });
  },
  async (started) => {
    await started.stop();
    await rm(path.join(ROOT, OUT), { recursive: true, force: true });
  },
);

const pages = useBrowser({}, { pagePerTest: true, failOnConsoleErrors: true });

async function open(pathname: string): Promise<Page> {
  const page = await pages.openPage({ viewport: { width: 1280, height: 900 } });
  await gotoReady(page, `${server.url}${pathname}`);
  return page;
}

/**
 * The characters of the element holding exactly `text` that the browser draws
 * as the missing-glyph box: each is drawn on a canvas in the element's own
 * font (the same fallback as the page), and compared, pixel for pixel, with a
 * character no font has (a private-use one). A blank drawing counts as missing too.
 */
async function missingGlyphs(page: Page, text: string): Promise<string[]> {
  return page.evaluate((wanted) => {
    const element = [...document.querySelectorAll('main *')].find((node) => node.textContent?.trim() === wanted);
    if (!element) return [`(no element reads “${wanted}”)`];
    const style = getComputedStyle(element);
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return ['(no canvas)'];
    const draw = (char: string) => {
      context.clearRect(0, 0, 64, 64);
      context.font = `400 40px ${style.fontFamily}`;
      context.fillText(char, 8, 48);
      return Array.from(context.getImageData(0, 0, 64, 64).data).join(',');
    };
    const blank = draw(' ');
    const box = draw('\u{10FFFD}');
    return [...wanted].filter((char) => char.trim() && /\p{L}/u.test(char) && [blank, box].includes(draw(char)));
  }, text);
}

const direction = (page: Page, text: string) =>
  page.evaluate((wanted) => {
    const element = [...document.querySelectorAll('main *')].find((node) => node.textContent?.trim() === wanted);
    return element ? (element.matches(':dir(rtl)') ? 'rtl' : 'ltr') : 'missing';
  }, text);

describe('a resume in any script', () => {
  it('shows every name, place and language on /resume with a real glyph for each letter', async () => {
    const page = await open('/resume');
    const texts = [
      ANY_SCRIPT_NAME,
      'Arabic (العربية)',
      'اللغة الأم',
      'עברית',
      'Русский',
      'Ελληνικά',
      '中文 (普通话)',
      'Μεταπτυχιακό στον Σχεδιασμό',
      'Πανεπιστήμιο Αιγαίου',
    ];
    for (const text of texts) expect(await missingGlyphs(page, text), text).toEqual([]);
  });

  it('lays right-to-left names and languages out right to left, and a Latin line with Arabic in it left to right', async () => {
    const page = await open('/resume');
    expect(await direction(page, ANY_SCRIPT_NAME)).toBe('rtl');
    expect(await direction(page, 'עברית')).toBe('rtl');
    expect(await direction(page, 'اللغة الأم')).toBe('rtl');
    expect(await direction(page, 'شركة الأرز للتصميم')).toBe('rtl');
    expect(await direction(page, 'Arabic (العربية)')).toBe('ltr');
    expect(await direction(page, 'Русский')).toBe('ltr');
    const home = await open('/');
    expect(await direction(home, ANY_SCRIPT_NAME)).toBe('rtl');
  });

  it('saves the PDF under her name, from the same /resume.pdf', async () => {
    const page = await open('/resume');
    const download = page.getByRole('link', { name: 'Download Resume' });
    expect(await download.getAttribute('href')).toBe('/resume.pdf');
    expect(await download.getAttribute('download')).toBe('نور-حداد-resume.pdf');
    const response = await fetch(`${server.url}/resume.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="resume.pdf"; filename*=UTF-8''${encodeURIComponent('نور-حداد-resume.pdf')}`,
    );
  });
});

import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './helpers/start/browser';

/**
 * Full-page screenshots of every page at 375, 768 and 1280 px, light and
 * dark, for reviewing the design: `npm run screenshots -- [baseUrl] [outDir]`.
 * With ADMIN_PASSWORD set, each context signs in to the owner's area first, so
 * PAGES can name /admin pages too.
 */
const base = process.argv[2] ?? 'http://localhost:3000';
const outDir = process.argv[3] ?? 'screenshots';
const pages = (process.env.PAGES ?? '/,/resume,/case-study/office-depot,/missing-page').split(',');
const widths = (process.env.WIDTHS ?? '375,768,1280').split(',').map(Number);
const schemes = (process.env.SCHEMES ?? 'light,dark').split(',') as ('light' | 'dark')[];

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
for (const scheme of schemes) {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, reducedMotion: 'reduce' });
    const page = await context.newPage();
    if (process.env.ADMIN_PASSWORD) {
      await page.goto(`${base}/admin/sign-in`);
      await page.getByLabel('Password').fill(process.env.ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${base}/admin`);
    }
    for (const path of pages) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      // Bring lazy images in before the full-page capture.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      const name = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[/?&=]/g, '_');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await page.screenshot({ path: `${outDir}/${name}-${width}-${scheme}.png`, fullPage: true });
      if (overflow > 0) console.warn(`horizontal overflow of ${overflow}px on ${path} at ${width}px`);
    }
    await context.close();
  }
}
await browser.close();
console.log(`Screenshots in ${outDir}/`);

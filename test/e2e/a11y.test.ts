import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import type { BrowserContextOptions } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TrackedPage } from '../helpers/start/browser';
import { CHROMIUM_FAILED_404, waitForReady, waitForTransitionsToEnd } from '../helpers/site/e2e';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

const url = publicSite();

const { open: openTracked } = useBrowser({}, { pagePerTest: true });

const PAGES = [
  { path: '/', status: 200 },
  { path: '/resume', status: 200 },
  { path: '/privacy', status: 200 },
  { path: '/case-study/office-depot', status: 200 },
  { path: '/some/missing', status: 404 },
];

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

function describeViolations(results: AxeResults): string {
  return results.violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`,
    )
    .join('\n');
}

/** Loads a page, lets it hydrate, settle its fonts and finish transitions, and returns it with its console record. */
async function load(path: string, status: number, options: BrowserContextOptions): Promise<TrackedPage> {
  const tracked = await openTracked(options);
  const { page } = tracked;
  const response = await page.goto(`${url}${path}`);
  expect(response!.status()).toBe(status);
  await waitForReady(page);
  await page.evaluate(() => document.fonts.ready);
  // Colours must be final for the contrast checks.
  await waitForTransitionsToEnd(page);
  return tracked;
}

/** The console: nothing from the app; on the 404 page only Chromium's note about the document's status. */
function expectNoConsoleErrors({ errors: consoleErrors }: TrackedPage, status: number) {
  const errors = consoleErrors();
  if (status === 404) {
    expect(
      errors.filter((e) => !CHROMIUM_FAILED_404.test(e)),
      'console errors',
    ).toEqual([]);
    expect(errors.length, `console errors: ${JSON.stringify(errors)}`).toBeLessThanOrEqual(1);
  } else {
    expect(errors, 'console errors').toEqual([]);
  }
}

describe.each(['light', 'dark'] as const)('%s colour scheme', (colorScheme) => {
  describe.each(VIEWPORTS)('$width px', (viewport) => {
    it.each(PAGES)('$path has no axe violations and no console errors', async ({ path, status }) => {
      const tracked = await load(path, status, { viewport, colorScheme });
      const { page } = tracked;
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(colorScheme === 'dark');
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations, describeViolations(results)).toEqual([]);
      expectNoConsoleErrors(tracked, status);
    });
  });

  it('the open mobile menu has no axe violations', async () => {
    const tracked = await load('/', 200, { viewport: VIEWPORTS[1], colorScheme });
    const { page } = tracked;
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await waitForTransitionsToEnd(page); // the slide-in
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations, describeViolations(results)).toEqual([]);
    expectNoConsoleErrors(tracked, 200);
  });
});

describe('layout', () => {
  it.each(PAGES)('$path has no horizontal overflow at 320 px', async ({ path, status }) => {
    const { page } = await load(path, status, { viewport: { width: 320, height: 640 } });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});

import { describe, expect, it } from 'vitest';
import { publicPageJs } from '../bench/public-js';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

/**
 * What a visitor's browser runs on each public page: the islands, never the
 * app (React, the Remix runtime, route modules, their data), and within the
 * budget, every script counted, external and inline, gzipped
 * (test/bench/public-js.ts measures it the same way for `npm run bench`).
 */

const KB = 1024;
/** The heaviest public page (story blocks, the contact form) and one with neither. */
const BUDGET = { heavy: 6 * KB, light: 3 * KB };

const sample = publicSite();
const fixture = publicSite('fixture');
const chromium = useBrowser();

const PAGES: { site: string; path: string; light?: true }[] = [
  { site: sample, path: '/' },
  { site: sample, path: '/resume', light: true },
  { site: sample, path: '/privacy', light: true },
  { site: sample, path: '/no/such/page', light: true },
  { site: sample, path: '/s/not-a-share-link' },
  { site: sample, path: '/case-study/office-depot' },
  // Every story block at once: the heaviest page there is.
  { site: fixture, path: '/case-study/blocks-demo' },
];

describe('the JavaScript of a public page', () => {
  it.each(PAGES)('$path: islands only, within the budget', async ({ site, path, light }) => {
    const js = await publicPageJs(chromium.browser, site, path);
    const scripts = js.external.map((script) => script.url);
    expect(js.framework, 'React, Remix or route chunks').toEqual([]);
    expect(
      scripts.filter((url) => !url.startsWith('/build/islands/')),
      'scripts that are not islands',
    ).toEqual([]);
    expect(scripts.filter((url) => /\/boot-\w+\.js$/.test(url))).toHaveLength(1);
    if (light) expect(js.heavy, 'a page without story blocks or a form').toBe(false);
    const budget = light ? BUDGET.light : BUDGET.heavy;
    expect(js.total, `${js.total} bytes: ${scripts.join(', ')} and ${js.inlineBytes} inline`).toBeLessThanOrEqual(budget);

    const html = await (await fetch(site + path)).text();
    expect(html).not.toMatch(/rel="modulepreload"/);
    expect(html).not.toContain('__remixContext');
    expect(html).not.toMatch(/\/build\/(entry\.client|root|manifest)-/);
  });

  it('the islands are cached for a year, immutable, under hashed names', async () => {
    const html = await (await fetch(sample + '/')).text();
    const boot = html.match(/<script data-islands-boot="(\/build\/islands\/boot-\w+\.js)"/)?.[1];
    expect(boot, 'the boot module').toBeTruthy();
    const response = await fetch(sample + boot);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });
});
